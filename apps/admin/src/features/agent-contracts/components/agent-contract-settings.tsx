import { type ContractSettings, contractKinds, contractSettingsSchema } from '@tessera/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { contractResolver } from '../../../shared/forms/contract-resolver';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { FieldErrorText } from '../../../shared/ui/field-error-text';
import { ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { Panel } from '../../../shared/ui/panel';
import { Toast } from '../../../shared/ui/toast';
import { useAgentContractSettings, useSaveAgentContractSettings } from '../api/agent-contracts-api';
import styles from './agent-contracts.module.css';

interface SettingsValues {
  payer: ContractSettings['payer'];
  allowedKinds: string[];
  maxRates: ContractSettings['maxRates'];
  noticeDays: string;
}

const valuesOf = (data: ContractSettings): SettingsValues => ({
  payer: data.payer,
  allowedKinds: [...data.allowedKinds],
  maxRates: { ...data.maxRates },
  noticeDays: String(data.noticeDays),
});

/**
 * Who pays the merchant's contracts, the kinds its agents may offer, the highest rate per kind a top agent may give
 * and the notice of a termination; each field checked as the server checks it, the server's refusals under their
 * fields.
 */
const AgentContractSettingsForm = ({
  code,
  data,
  canManage,
}: {
  code: string;
  data: ContractSettings;
  canManage: boolean;
}) => {
  const { t } = useTranslation();
  const save = useSaveAgentContractSettings(code);
  const [toast, setToast] = useState<{ id: number; text: string } | null>(null);
  const dismissToast = useCallback(() => setToast(null), []);
  const resolver = useMemo(() => contractResolver<SettingsValues, ContractSettings>(contractSettingsSchema), []);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<SettingsValues, unknown, ContractSettings>({ resolver, defaultValues: valuesOf(data) });
  const described = (id: string, isInvalid: boolean) =>
    isInvalid ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      reset(valuesOf(saved));
      setToast({ id: Date.now(), text: t('agentContracts.settingsSaved') });
    } catch (error) {
      if (isApiError(error)) applyServerFieldErrors(setError, error.fieldErrors);
    }
  });
  const hasFieldErrors = isApiError(save.error) && save.error.fieldErrors.length > 0;

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} data-testid="contract-settings">
      <Panel id="contract-settings" title={t('agentContracts.settings')} description={t('agentContracts.settingsHint')}>
        {save.isError && !hasFieldErrors ? <Alert tone="danger">{t(`errors.${errorCodeOf(save.error)}`)}</Alert> : null}
        <div className={styles.grid}>
          <Field
            label={t('agentContracts.payer')}
            htmlFor="contract-payer"
            hint={t('agentContracts.payerHint')}
            error={errors.payer}
          >
            <select id="contract-payer" disabled={!canManage} {...register('payer')}>
              <option value="platform">{t('agentContracts.payers.platform')}</option>
              <option value="upline">{t('agentContracts.payers.upline')}</option>
            </select>
          </Field>
          <Field
            label={t('agentContracts.noticeDays')}
            htmlFor="contract-notice-days"
            hint={t('agentContracts.noticeDaysHint')}
            error={errors.noticeDays}
          >
            <input
              id="contract-notice-days"
              inputMode="numeric"
              autoComplete="off"
              readOnly={!canManage}
              {...register('noticeDays')}
              {...described('contract-notice-days', Boolean(errors.noticeDays))}
            />
          </Field>
        </div>
        <fieldset className={styles.kinds}>
          <legend>{t('agentContracts.allowedKinds')}</legend>
          {contractKinds.map((kind) => (
            <label key={kind} className={styles.check}>
              <input type="checkbox" value={kind} disabled={!canManage} {...register('allowedKinds')} />
              {t(`agentContracts.kinds.${kind}`)}
            </label>
          ))}
        </fieldset>
        <FieldErrorText error={errors.allowedKinds} id="contract-allowed-kinds-error" />
        <div className={styles.grid}>
          {contractKinds.map((kind) => (
            <Field
              key={kind}
              label={t('agentContracts.maxRateOf', { kind: t(`agentContracts.kinds.${kind}`) })}
              htmlFor={`contract-max-rate-${kind}`}
              error={errors.maxRates?.[kind]}
              isRequired
            >
              <input
                id={`contract-max-rate-${kind}`}
                inputMode="decimal"
                autoComplete="off"
                readOnly={!canManage}
                {...register(`maxRates.${kind}`)}
                {...described(`contract-max-rate-${kind}`, Boolean(errors.maxRates?.[kind]))}
              />
            </Field>
          ))}
        </div>
        <p className={styles.status}>{t('agentContracts.maxRateHint')}</p>
        {canManage ? (
          <div className={styles.actions}>
            <span className={styles.status} aria-live="polite">
              {isDirty ? t('agentContracts.unsaved') : null}
            </span>
            <Button type="submit" variant="primary" disabled={!isDirty || save.isPending} isBusy={save.isPending}>
              {t('common.save')}
            </Button>
          </div>
        ) : (
          <p className={styles.status}>{t('agentContracts.readOnly')}</p>
        )}
      </Panel>
      <Toast message={toast} onDismiss={dismissToast} />
    </form>
  );
};

/** The merchant's contract settings, loaded, then edited in one form. */
export const AgentContractSettings = ({ code, canManage }: { code: string; canManage: boolean }) => {
  const settings = useAgentContractSettings(code);
  if (settings.isPending) return <LoadingState />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  return <AgentContractSettingsForm key={code} code={code} data={settings.data} canManage={canManage} />;
};
