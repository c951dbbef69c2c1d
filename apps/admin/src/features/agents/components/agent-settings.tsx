import {
  AGENT_TREE_MAX_DEPTH,
  type AgentSettings,
  type AgentSettingsInput,
  agentSettingsInputSchema,
  agentTransferDownRules,
  gameCategories,
} from '@tessera/contracts';
import { useCallback, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { contractResolver } from '../../../shared/forms/contract-resolver';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { ListStates } from '../../../shared/ui/page-state';
import { Panel } from '../../../shared/ui/panel';
import { SwitchRow } from '../../../shared/ui/switch-row';
import { Toast } from '../../../shared/ui/toast';
import { useAgentSettings, useSaveAgentSettings } from '../api/agent-money-api';
import styles from './agent-settings.module.css';

interface SettingsValues {
  maxDepth: string;
  agentsCreateAgents: boolean;
  transferDown: AgentSettings['transferDown'];
  transferUp: boolean;
  defaultRates: Record<string, string>;
}

const valuesOf = (data: AgentSettings): SettingsValues => ({
  maxDepth: String(data.maxDepth),
  agentsCreateAgents: data.agentsCreateAgents,
  transferDown: data.transferDown,
  transferUp: data.transferUp,
  defaultRates: Object.fromEntries(gameCategories.map((category) => [category, data.defaultRates[category] ?? ''])),
});

const resolver = contractResolver<SettingsValues, AgentSettingsInput>(agentSettingsInputSchema);

const SettingsForm = ({ code, data, canManage }: { code: string; data: AgentSettings; canManage: boolean }) => {
  const { t } = useTranslation();
  const save = useSaveAgentSettings(code);
  const [toast, setToast] = useState<{ id: number; text: string } | null>(null);
  const dismissToast = useCallback(() => setToast(null), []);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<SettingsValues, unknown, AgentSettingsInput>({ resolver, defaultValues: valuesOf(data) });
  const described = (id: string, hasError: boolean) =>
    hasError ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
  const submit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      reset(valuesOf(saved));
      setToast({ id: Date.now(), text: t('agents.settingsSaved') });
    } catch (error) {
      if (isApiError(error)) applyServerFieldErrors(setError, error.fieldErrors);
    }
  });
  const hasFieldErrors = isApiError(save.error) && save.error.fieldErrors.length > 0;
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} data-testid="agent-settings">
      {save.isError && !hasFieldErrors ? <Alert tone="danger">{t(`errors.${errorCodeOf(save.error)}`)}</Alert> : null}
      <Panel id="agent-settings-tree" title={t('agents.settingsTree')} description={t('agents.settingsTreeHint')}>
        <div className={styles.grid}>
          <Field
            label={t('agents.maxDepth')}
            htmlFor="agent-max-depth"
            hint={t('agents.maxDepthHint', { max: AGENT_TREE_MAX_DEPTH })}
            error={errors.maxDepth}
            isRequired
          >
            <input
              id="agent-max-depth"
              className={styles.number}
              inputMode="numeric"
              autoComplete="off"
              readOnly={!canManage}
              {...register('maxDepth')}
              {...described('agent-max-depth', Boolean(errors.maxDepth))}
            />
          </Field>
        </div>
        <Controller
          control={control}
          name="agentsCreateAgents"
          render={({ field }) => (
            <SwitchRow
              id="agent-create-agents"
              title={t('agents.createAgents')}
              hint={t('agents.createAgentsHint')}
              isOn={field.value}
              onChange={field.onChange}
              isDisabled={!canManage}
            />
          )}
        />
      </Panel>
      <Panel id="agent-settings-transfers" title={t('agents.settingsTransfers')}>
        <div className={styles.grid}>
          <Field
            label={t('agents.transferDown')}
            htmlFor="agent-transfer-down"
            hint={t('agents.transferDownHint')}
            error={errors.transferDown}
          >
            <select
              id="agent-transfer-down"
              disabled={!canManage}
              {...register('transferDown')}
              {...described('agent-transfer-down', Boolean(errors.transferDown))}
            >
              {agentTransferDownRules.map((rule) => (
                <option key={rule} value={rule}>
                  {t(`agents.transferDownRules.${rule}`)}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Controller
          control={control}
          name="transferUp"
          render={({ field }) => (
            <SwitchRow
              id="agent-transfer-up"
              title={t('agents.transferUp')}
              hint={t('agents.transferUpHint')}
              isOn={field.value}
              onChange={field.onChange}
              isDisabled={!canManage}
            />
          )}
        />
      </Panel>
      <Panel id="agent-settings-rates" title={t('agents.defaultRates')} description={t('agents.defaultRatesHint')}>
        <div className={styles.grid}>
          {gameCategories.map((category) => {
            const error = errors.defaultRates?.[category];
            const id = `agent-rate-${category}`;
            return (
              <Field key={category} label={t(`rebate.categories.${category}`)} htmlFor={id} error={error}>
                <input
                  id={id}
                  className={styles.number}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0.00"
                  readOnly={!canManage}
                  {...register(`defaultRates.${category}`)}
                  {...described(id, Boolean(error))}
                />
              </Field>
            );
          })}
        </div>
      </Panel>
      {canManage ? (
        <div className={styles.actions}>
          <span className={styles.status} aria-live="polite">
            {isDirty ? t('agents.settingsUnsaved') : null}
          </span>
          <Button type="submit" variant="primary" disabled={!isDirty || save.isPending} isBusy={save.isPending}>
            {t('common.save')}
          </Button>
        </div>
      ) : (
        <p className={styles.note}>{t('agents.settingsReadOnly')}</p>
      )}
      <Toast message={toast} onDismiss={dismissToast} />
    </form>
  );
};

/**
 * The merchant's agent settings (decision 0075): how deep the tree may grow, whether agents create downline agents,
 * who an agent may transfer to, and the default rebate rates of a new agent, each field checked as the server
 * checks it.
 */
export const AgentSettingsScreen = ({ code, canManage }: { code: string; canManage: boolean }) => {
  const { t } = useTranslation();
  const settings = useAgentSettings(code);
  if (!settings.data) return <ListStates query={settings} emptyMessage={t('agents.settingsTree')} />;
  return <SettingsForm code={code} data={settings.data} canManage={canManage} />;
};
