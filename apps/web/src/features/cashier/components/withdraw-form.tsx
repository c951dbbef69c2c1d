import { useQueryClient } from '@tanstack/react-query';
import type { PayoutMethod, WithdrawalOptions, WithdrawalOrder } from '@tessera/contracts';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { newRequestId } from '../../../shared/api/request-id';
import { validateAmount } from '../../../shared/forms/amount-validation';
import { validateRequired } from '../../../shared/forms/rule-validation';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Alert } from '../../../shared/ui/alert/alert';
import { Button } from '../../../shared/ui/button/button';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { SelectField } from '../../../shared/ui/form/select-field';
import { PasswordField, TextField } from '../../../shared/ui/form/text-field';
import { withdrawOptionsQueryKey } from '../api/get-withdraw-options';
import { withdrawalsQueryKey } from '../api/list-withdrawals';
import { submitWithdrawal } from '../api/withdraw-mutations';
import { payoutKindKeys } from '../withdraw-labels';
import styles from './cashier.module.css';

interface WithdrawValues {
  payoutMethodId: string;
  amount: string;
  withdrawPassword: string;
}

const fields = ['payoutMethodId', 'amount', 'withdrawPassword'] as const;

/** Where the member raises its identity tier (decision 0102): the responsible-gaming page's identity check. */
const IDENTITY_CHECK_PATH = '/member?page=responsibleGaming';

/** The largest withdrawal the member's tier allows, from a `kyc_tier_required` refusal (null: none given). */
const tierMaxOf = (value: unknown): string | null => {
  const max = (value as { max?: unknown } | null)?.max;
  return typeof max === 'string' ? max : null;
};

export interface WithdrawFormProps {
  options: WithdrawalOptions;
  methods: readonly PayoutMethod[];
}

/**
 * The withdrawal request: a saved payout method, an amount within that method's limits and the available
 * balance, and the withdraw password. The amount is held until an operator decides.
 */
export const WithdrawForm = ({ options, methods }: WithdrawFormProps) => {
  const { t } = useTranslation('money');
  const queryClient = useQueryClient();
  const formatMoney = useFormatMoney();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  // A refusal for the identity tier: the tier's largest withdrawal, shown with the way to the identity check.
  const [tierMax, setTierMax] = useState<string | null>(null);
  const [placed, setPlaced] = useState<WithdrawalOrder | null>(null);
  // One id per withdrawal: a retry after a lost answer (network) is applied once by the server.
  const requestId = useRef(newRequestId());
  const usable = methods.filter((method) => options.methods.some((offered) => offered.kind === method.kind));
  const {
    register,
    handleSubmit,
    setError,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<WithdrawValues>({
    defaultValues: { payoutMethodId: usable[0]?.id ?? '', amount: '', withdrawPassword: '' },
  });
  const method = usable.find((item) => item.id === watch('payoutMethodId'));
  const limits = options.methods.find((offered) => offered.kind === method?.kind);
  const withinLimits = validateAmount({
    currency: options.currency,
    min: limits?.minAmount ?? null,
    max: limits?.maxAmount ?? null,
  });
  const withinBalance = validateAmount({ currency: options.currency, max: options.available });
  const validateWithdrawAmount = (value: string): true | string => {
    const rule = withinLimits(value);
    if (rule !== true) return rule;
    return withinBalance(value) === true ? true : 'insufficient_funds';
  };

  const onSubmit = async (values: WithdrawValues) => {
    setFormError(null);
    setTierMax(null);
    setPlaced(null);
    try {
      const order = await submitWithdrawal({ requestId: requestId.current, ...values });
      requestId.current = newRequestId();
      reset({ ...values, amount: '', withdrawPassword: '' });
      setPlaced(order);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: withdrawalsQueryKey }),
        queryClient.invalidateQueries({ queryKey: withdrawOptionsQueryKey }),
      ]);
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(errorKeyOf(error));
        return;
      }
      if (error.code !== 'in_network_again' && error.code !== 'timeout_retry_please') {
        requestId.current = newRequestId();
      }
      if (error.code === 'kyc_tier_required') setTierMax(tierMaxOf(error.value) ?? '');
      const unmatched = applyServerFieldErrors(setError, error.fieldErrors, { fields });
      if (error.fieldErrors.length === 0 || unmatched.length > 0) setFormError(error.code);
    }
  };

  if (usable.length === 0) return <Alert tone="info">{t('withdraw_add_method_first')}</Alert>;

  return (
    <form className={formStyles.form} onSubmit={handleSubmit(onSubmit)} noValidate data-form="withdraw">
      <SelectField
        id="withdraw-method"
        label={t('withdraw_to')}
        options={usable.map((item) => ({ value: item.id, label: `${t(payoutKindKeys[item.kind])} · ${item.display}` }))}
        error={errors.payoutMethodId}
        {...register('payoutMethodId', { validate: validateRequired() })}
      />
      <TextField
        id="withdraw-amount"
        label={t('amount')}
        hint={
          limits
            ? t('limits', {
                min: formatMoney(limits.minAmount, options.currency),
                max: formatMoney(limits.maxAmount, options.currency),
              })
            : undefined
        }
        inputMode="decimal"
        autoComplete="off"
        isRequired
        error={errors.amount}
        {...register('amount', { validate: validateWithdrawAmount })}
      />
      <PasswordField
        id="withdraw-password"
        label={t('withdraw_password')}
        autoComplete="off"
        maxLength={128}
        isRequired
        error={errors.withdrawPassword}
        {...register('withdrawPassword', { validate: validateRequired('not_empty', false) })}
      />
      <FormError code={formError} />
      {tierMax !== null ? (
        <div className={styles.tierNext} data-withdraw-kyc>
          {tierMax ? <p>{t('withdraw_kyc_max', { amount: formatMoney(tierMax, options.currency) })}</p> : null}
          <Button type="button" variant="secondary" size="sm" onClick={() => navigate(IDENTITY_CHECK_PATH)}>
            {t('withdraw_kyc_go')}
          </Button>
        </div>
      ) : null}
      {placed ? (
        <Alert tone="success" title={t('withdraw_placed')}>
          {t('withdraw_placed_text', {
            amount: formatMoney(placed.amount, placed.currency),
            reference: placed.reference,
          })}
        </Alert>
      ) : null}
      <Button type="submit" isBlock disabled={isSubmitting || options.remainingToday <= 0}>
        {t('withdraw_submit')}
      </Button>
    </form>
  );
};
