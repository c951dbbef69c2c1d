import {
  CONTRACT_MAX_TIERS,
  type ContractKind,
  type ContractTerms,
  contractKinds,
  type DividendPeriod,
  dividendPeriods,
  type FieldError,
} from '@tessera/contracts';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { Button } from '../../../shared/ui/button/button';
import { ConfirmDialog } from '../../../shared/ui/dialog/confirm-dialog';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { SelectField } from '../../../shared/ui/form/select-field';
import { TextField } from '../../../shared/ui/form/text-field';
import { useContractAction, useContracts } from '../api/agent-contracts-api';
import styles from './agent-contracts.module.css';

interface TierValues {
  validBet: string;
  loss: string;
  betAmount: string;
  activeMembers: string;
  rate: string;
}

interface OfferValues {
  kind: ContractKind;
  period: DividendPeriod;
  tiers: TierValues[];
  winRate: string;
  lossRate: string;
  minBet: string;
}

const emptyTier: TierValues = { validBet: '0', loss: '0', betAmount: '0', activeMembers: '0', rate: '' };

/** The form's values as the contract's terms of the chosen kind. */
export const termsOf = (values: OfferValues): ContractTerms => {
  switch (values.kind) {
    case 'dividend':
      return {
        kind: 'dividend',
        period: values.period,
        tiers: values.tiers.map((tier) => ({
          validBet: tier.validBet,
          loss: tier.loss,
          activeMembers: Number(tier.activeMembers),
          rate: tier.rate,
        })),
      };
    case 'daily':
      return {
        kind: 'daily',
        tiers: values.tiers.map((tier) => ({
          betAmount: tier.betAmount,
          activeMembers: Number(tier.activeMembers),
          rate: tier.rate,
        })),
      };
    case 'hourly':
      return { kind: 'hourly', tiers: values.tiers.map((tier) => ({ betAmount: tier.betAmount, rate: tier.rate })) };
    case 'realtime':
      return { kind: 'realtime', winRate: values.winRate, lossRate: values.lossRate, minBet: values.minBet };
  }
};

const tierFields: Record<Exclude<ContractKind, 'realtime'>, (keyof TierValues)[]> = {
  dividend: ['validBet', 'loss', 'activeMembers', 'rate'],
  daily: ['betAmount', 'activeMembers', 'rate'],
  hourly: ['betAmount', 'rate'],
};

const fieldLabels: Record<keyof TierValues, string> = {
  validBet: 'contract_valid_bet',
  loss: 'contract_loss',
  betAmount: 'contract_bet_amount',
  activeMembers: 'contract_active_members',
  rate: 'contract_rate_percent',
};

/** The form's field names, in order, for the server's per-field errors (`terms.tiers.0.rate` → `tiers.0.rate`). */
const formFieldsOf = (values: OfferValues): string[] =>
  values.kind === 'realtime'
    ? ['kind', 'winRate', 'lossRate', 'minBet']
    : [
        'kind',
        'period',
        ...values.tiers.flatMap((_, index) => tierFields[values.kind as 'daily'].map((f) => `tiers.${index}.${f}`)),
      ];

/**
 * The upline's offer to a direct downline (from the downline list): the kind, the dividend's period, up to six
 * tiers or the real-time rates. The server checks every rule and its per-field errors land under their fields; a
 * `contract_higher_rate` answer asks before ending the downline's own contracts that pay more.
 */
export const OfferDialog = ({
  downlineId,
  downlineAccount,
  onClose,
}: {
  downlineId: string;
  downlineAccount: string;
  onClose: () => void;
}) => {
  const { t } = useTranslation('agent-contracts');
  const [formError, setFormError] = useState<string | null>(null);
  const [higherRate, setHigherRate] = useState<OfferValues | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<OfferValues>({
    defaultValues: { kind: 'dividend', period: 'M', tiers: [emptyTier], winRate: '', lossRate: '', minBet: '0' },
  });
  const tiers = useFieldArray({ control, name: 'tiers' });
  const kind = watch('kind');
  const limits = useContracts(kind);
  const dividend = useContractAction('dividend');
  const daily = useContractAction('daily');
  const hourly = useContractAction('hourly');
  const realtime = useContractAction('realtime');
  const actions = { dividend, daily, hourly, realtime };

  const send = async (values: OfferValues, confirmHigherRate: boolean) => {
    setFormError(null);
    try {
      await actions[values.kind].mutateAsync({
        action: 'offer',
        downlineId,
        terms: termsOf(values),
        confirmHigherRate,
      });
      setDone(true);
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(errorKeyOf(error));
        return;
      }
      if (error.code === 'contract_higher_rate' && !confirmHigherRate) {
        setHigherRate(values);
        return;
      }
      const fieldErrors: FieldError[] = error.fieldErrors.map((fieldError) => ({
        ...fieldError,
        path: fieldError.path.replace(/^terms\./, ''),
      }));
      const unmatched = applyServerFieldErrors(setError, fieldErrors, { fields: formFieldsOf(values) });
      if (fieldErrors.length === 0 || unmatched.length > 0) setFormError(error.code);
    }
  };

  const maxRate = limits.data?.maxRate;
  return (
    <>
      <Dialog name="contract-offer" isOpen onClose={onClose} title={t('contract_offer_title')} size="lg">
        {done ? (
          <div className={formStyles.form} data-offer="sent">
            <p>{t('contract_offer_sent', { account: downlineAccount })}</p>
            <div className={styles.actions}>
              <Button onClick={onClose}>{t('contract_close')}</Button>
            </div>
          </div>
        ) : (
          <form
            className={formStyles.form}
            noValidate
            data-form="contract-offer"
            onSubmit={handleSubmit((values) => send(values, false))}
          >
            <p className={styles.muted}>
              {t('contract_offer_to')} <bdi dir="ltr">{downlineAccount}</bdi>
            </p>
            <SelectField
              id="contract-kind"
              label={t('contract_kind')}
              options={contractKinds.map((value) => ({ value, label: t(`contract_kind_${value}`) }))}
              error={errors.kind}
              {...register('kind')}
            />
            {maxRate ? <p className={styles.muted}>{t('contract_max_rate', { rate: maxRate })}</p> : null}
            {kind === 'dividend' ? (
              <SelectField
                id="contract-period"
                label={t('contract_period')}
                options={dividendPeriods.map((value) => ({ value, label: t(`contract_period_${value}`) }))}
                error={errors.period}
                {...register('period')}
              />
            ) : null}
            {kind === 'realtime' ? (
              <>
                <TextField
                  id="contract-win-rate"
                  label={t('contract_win_rate')}
                  inputMode="decimal"
                  isRequired
                  error={errors.winRate}
                  {...register('winRate')}
                />
                <TextField
                  id="contract-loss-rate"
                  label={t('contract_loss_rate')}
                  inputMode="decimal"
                  isRequired
                  error={errors.lossRate}
                  {...register('lossRate')}
                />
                <TextField
                  id="contract-min-bet"
                  label={t('contract_min_bet')}
                  inputMode="decimal"
                  error={errors.minBet}
                  {...register('minBet')}
                />
              </>
            ) : (
              <>
                {tiers.fields.map((field, index) => (
                  <fieldset key={field.id} className={styles.tierRow} data-tier-form={index + 1}>
                    <legend className={styles.tierTitle}>
                      {t('contract_tier')} {index + 1}
                    </legend>
                    {tierFields[kind].map((name) => (
                      <TextField
                        key={name}
                        id={`contract-tier-${index}-${name}`}
                        label={t(fieldLabels[name])}
                        inputMode={name === 'activeMembers' ? 'numeric' : 'decimal'}
                        isRequired={name === 'rate'}
                        error={errors.tiers?.[index]?.[name]}
                        {...register(`tiers.${index}.${name}`)}
                      />
                    ))}
                    {tiers.fields.length > 1 ? (
                      <Button variant="ghost" size="sm" onClick={() => tiers.remove(index)}>
                        {t('contract_remove_tier')}
                      </Button>
                    ) : null}
                  </fieldset>
                ))}
                {tiers.fields.length < CONTRACT_MAX_TIERS ? (
                  <Button variant="outline" size="sm" onClick={() => tiers.append(emptyTier)}>
                    {t('contract_add_tier')}
                  </Button>
                ) : null}
              </>
            )}
            {formError ? <FormError code={formError} /> : null}
            <div className={styles.actions}>
              <Button variant="ghost" onClick={onClose}>
                {t('contract_cancel')}
              </Button>
              <Button type="submit" disabled={isSubmitting}>
                {t('contract_send_offer')}
              </Button>
            </div>
          </form>
        )}
      </Dialog>
      <ConfirmDialog
        name="contract-offer-higher-rate"
        isOpen={higherRate !== null}
        title={t('contract_higher_rate_title')}
        confirmLabel={t('contract_higher_rate_confirm')}
        cancelLabel={t('contract_cancel')}
        isBusy={isSubmitting}
        onCancel={() => setHigherRate(null)}
        onConfirm={() => {
          const values = higherRate ?? getValues();
          setHigherRate(null);
          void send(values, true);
        }}
      >
        <p>{t('contract_higher_rate_offer_text')}</p>
      </ConfirmDialog>
    </>
  );
};
