import {
  type AdminAgentNode,
  type AdminAgentRates,
  adminAgentMoneyEndpoints,
  gameCategories,
  type RequestOf,
} from '@tessera/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { contractResolver } from '../../../shared/forms/contract-resolver';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { Field } from '../../../shared/ui/field';
import { ListStates } from '../../../shared/ui/page-state';
import { useAgentRates, useSetAgentRates } from '../api/agent-money-api';
import settingsStyles from './agent-settings.module.css';
import styles from './agents.module.css';

type RatesInput = RequestOf<typeof adminAgentMoneyEndpoints.setRates>;
interface RatesValues {
  rates: Record<string, string>;
}

const resolver = contractResolver<RatesValues, RatesInput>(adminAgentMoneyEndpoints.setRates.request);

const valuesOf = (data: AdminAgentRates): RatesValues => ({
  rates: Object.fromEntries(gameCategories.map((category) => [category, data.rates[category] ?? ''])),
});

const RatesForm = ({
  code,
  data,
  canManage,
  onClose,
}: {
  code: string;
  data: AdminAgentRates;
  canManage: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const save = useSetAgentRates(code, data.memberId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<RatesValues, unknown, RatesInput>({ resolver, defaultValues: valuesOf(data) });
  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      onClose();
    } catch (error) {
      if (isApiError(error)) applyServerFieldErrors(setError, error.fieldErrors);
    }
  });
  const hasFieldErrors = isApiError(save.error) && save.error.fieldErrors.length > 0;
  return (
    <Dialog
      isOpen
      title={t('agents.ratesTitle', { account: data.account })}
      onClose={onClose}
      size="md"
      footer={
        canManage ? (
          <Button
            onClick={() => void submit()}
            disabled={!isDirty || save.isPending}
            isBusy={save.isPending}
            data-testid="agent-rates-submit"
          >
            {t('common.save')}
          </Button>
        ) : null
      }
    >
      <form className={styles.dialogBody} noValidate onSubmit={(event) => void submit(event)} data-testid="agent-rates">
        <p className={styles.muted}>
          {data.uplineAccount ? t('agents.ratesHintUpline', { account: data.uplineAccount }) : t('agents.ratesHintTop')}
        </p>
        {save.isError && !hasFieldErrors ? (
          <Alert
            tone="danger"
            title={t(`errors.${errorCodeOf(save.error)}`, { defaultValue: t('errors.unknown_error') })}
          />
        ) : null}
        <div className={settingsStyles.grid}>
          {gameCategories.map((category) => {
            const error = errors.rates?.[category];
            const id = `agent-rates-${category}`;
            return (
              <Field
                key={category}
                label={t(`rebate.categories.${category}`)}
                htmlFor={id}
                hint={t('agents.rateCap', { max: data.caps[category] })}
                error={error}
              >
                <input
                  id={id}
                  className={settingsStyles.number}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0.00"
                  readOnly={!canManage}
                  {...register(`rates.${category}`)}
                  {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
                />
              </Field>
            );
          })}
        </div>
        <p className={styles.muted}>{t('agents.ratesLowerHint')}</p>
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
};

/**
 * An agent's rebate rates per game category (decision 0099): each at most its upline agent's (a top agent's at most
 * the rebate maximum); saving lowers the agents below it that are above the new rates. Read-only without
 * agents.manage.
 */
export const RatesDialog = ({
  code,
  node,
  canManage,
  onClose,
}: {
  code: string;
  node: AdminAgentNode;
  canManage: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const rates = useAgentRates(code, node.memberId);
  if (!rates.data) {
    return (
      <Dialog isOpen title={t('agents.ratesTitle', { account: node.account })} onClose={onClose}>
        <ListStates query={rates} emptyMessage={t('agents.ratesTitle', { account: node.account })} />
      </Dialog>
    );
  }
  return <RatesForm code={code} data={rates.data} canManage={canManage} onClose={onClose} />;
};
