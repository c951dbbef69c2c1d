import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  agentEndpoints,
  agentMoneyEndpoints,
  type DownlineMember,
  type GameCategory,
  gameCategories,
} from '@tessera/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { Button } from '../../../shared/ui/button/button';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { TextField } from '../../../shared/ui/form/text-field';
import { useAgentLink } from '../api/agents-api';
import styles from './agents.module.css';

type RatesForm = { rates: Record<GameCategory, string> };

/**
 * Sets a direct downline agent's rebate rates per game category (decision 0090): each field shows the agent's own
 * rate as its most; the server refuses a rate above it (or above the merchant's maximum) under the field. A
 * category the agent has no rate in cannot be given.
 */
export const DownlineRatesDialog = ({
  member,
  onClose,
  categoryLabelKey,
}: {
  member: DownlineMember;
  onClose: () => void;
  categoryLabelKey: (category: GameCategory) => string;
}) => {
  const { t } = useTranslation('agents');
  const own = useAgentLink().data?.rates ?? {};
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (rates: Record<string, string>) =>
      callEndpoint(agentMoneyEndpoints.setRates, { body: { memberId: member.memberId, rates } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf(agentEndpoints.downline) }),
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RatesForm>({
    defaultValues: {
      rates: Object.fromEntries(gameCategories.map((category) => [category, member.rates[category] ?? ''])) as Record<
        GameCategory,
        string
      >,
    },
  });
  const onSubmit = async (values: RatesForm) => {
    setFormError(null);
    setSaved(false);
    try {
      await save.mutateAsync(values.rates);
      setSaved(true);
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(errorKeyOf(error));
        return;
      }
      const unmatched = applyServerFieldErrors(setError, error.fieldErrors, {
        fields: gameCategories.map((category) => `rates.${category}`),
      });
      if (error.fieldErrors.length === 0 || unmatched.length > 0) setFormError(error.code);
    }
  };
  return (
    <Dialog name="downline-rates" isOpen onClose={onClose} title={t('agent_rates_title', { account: member.account })}>
      <form className={formStyles.form} onSubmit={handleSubmit(onSubmit)} noValidate data-form="downline-rates">
        <p className={styles.muted}>{t('agent_rates_intro')}</p>
        <div className={styles.rateGrid}>
          {gameCategories.map((category) => {
            const max = own[category];
            return (
              <TextField
                key={category}
                id={`downline-rate-${category}`}
                label={t(categoryLabelKey(category), { ns: 'common' })}
                hint={max === undefined ? t('agent_rate_none') : t('agent_rate_max', { max })}
                placeholder={max === undefined ? '—' : undefined}
                inputMode="decimal"
                dir="ltr"
                maxLength={20}
                disabled={max === undefined}
                error={errors.rates?.[category]}
                {...register(`rates.${category}`)}
              />
            );
          })}
        </div>
        <FormError code={formError} />
        {saved ? (
          <p className={styles.positive} role="status">
            {t('agent_rates_saved')}
          </p>
        ) : null}
        <Button type="submit" isBlock disabled={isSubmitting}>
          {t('agent_rates_submit')}
        </Button>
      </form>
    </Dialog>
  );
};
