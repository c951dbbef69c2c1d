import { useQueryClient } from '@tanstack/react-query';
import type { DepositOrder, PaymentChannel } from '@tessera/contracts';
import { cashierEndpoints } from '@tessera/contracts';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { queryKeyOf } from '../../../shared/api/query-key';
import { newRequestId } from '../../../shared/api/request-id';
import { amountPresets, validateAmount } from '../../../shared/forms/amount-validation';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Button } from '../../../shared/ui/button/button';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { TextField } from '../../../shared/ui/form/text-field';
import { createDeposit } from '../api/create-deposit';
import styles from './cashier.module.css';
import { PayeeDetails } from './payee-details';

interface DepositValues {
  amount: string;
  payerNote: string;
}

const fields = ['amount', 'payerNote'] as const;

export interface DepositFormProps {
  channel: PaymentChannel;
  /** A manual order was opened (bank transfer, crypto): the page shows it. */
  onOrder: (order: DepositOrder) => void;
}

/**
 * The amount (with quick amounts inside the channel's limits) and, for manual channels, where to pay and the
 * payer note. A gateway order sends the member to the gateway's hosted page, which returns to
 * `/member?page=depositv2&order=<id>`.
 */
export const DepositForm = ({ channel, onOrder }: DepositFormProps) => {
  const { t } = useTranslation('money');
  const queryClient = useQueryClient();
  const formatMoney = useFormatMoney();
  const [formError, setFormError] = useState<string | null>(null);
  const [isRedirecting, setRedirecting] = useState(false);
  const isManual = channel.kind !== 'gateway';
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<DepositValues>({ defaultValues: { amount: '', payerNote: '' } });
  const amount = watch('amount');
  // The key of the last attempt whose answer never came: sending the same amount again reuses it, so the server
  // answers the order that attempt opened instead of opening a second one.
  const unanswered = useRef<{ amount: string; requestId: string } | null>(null);

  const onSubmit = async (values: DepositValues) => {
    setFormError(null);
    if (unanswered.current?.amount !== values.amount) {
      unanswered.current = { amount: values.amount, requestId: newRequestId() };
    }
    try {
      const order = await createDeposit({
        channelId: channel.id,
        amount: values.amount,
        ...(isManual && values.payerNote.trim() ? { payerNote: values.payerNote } : {}),
        requestId: unanswered.current.requestId,
      });
      unanswered.current = null;
      await queryClient.invalidateQueries({ queryKey: queryKeyOf(cashierEndpoints.listDeposits) });
      if (order.payUrl) {
        setRedirecting(true);
        window.location.assign(order.payUrl);
        return;
      }
      reset();
      onOrder(order);
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(errorKeyOf(error));
        return;
      }
      if (error.code !== 'in_network_again' && error.code !== 'timeout_retry_please') unanswered.current = null;
      const unmatched = applyServerFieldErrors(setError, error.fieldErrors, {
        fields,
        aliases: { channelId: 'amount' },
      });
      if (error.fieldErrors.length === 0 || unmatched.length > 0) setFormError(error.code);
    }
  };

  return (
    <form className={formStyles.form} onSubmit={handleSubmit(onSubmit)} noValidate data-form="deposit">
      <TextField
        id="deposit-amount"
        label={t('amount')}
        hint={t('limits', {
          min: formatMoney(channel.minAmount, channel.currency),
          max: formatMoney(channel.maxAmount, channel.currency),
        })}
        inputMode="decimal"
        autoComplete="off"
        isRequired
        error={errors.amount}
        {...register('amount', {
          validate: validateAmount({ currency: channel.currency, min: channel.minAmount, max: channel.maxAmount }),
        })}
      />
      <fieldset className={styles.presets} aria-label={t('quick_amounts')}>
        {amountPresets(channel.minAmount, channel.maxAmount).map((preset) => (
          <button
            key={preset}
            type="button"
            className={styles.preset}
            aria-pressed={amount === preset}
            onClick={() => setValue('amount', preset, { shouldValidate: true })}
          >
            {preset}
          </button>
        ))}
      </fieldset>
      {isManual ? (
        <>
          <PayeeDetails channel={channel} />
          <TextField
            id="deposit-payer-note"
            label={t(channel.kind === 'crypto' ? 'payer_note_crypto' : 'payer_note_bank')}
            hint={t(channel.kind === 'crypto' ? 'payer_note_crypto_hint' : 'payer_note_bank_hint')}
            maxLength={200}
            autoComplete="off"
            error={errors.payerNote}
            {...register('payerNote')}
          />
          {channel.kind === 'bank_transfer' ? <p className={styles.muted}>{t('deposit_proofs_later')}</p> : null}
        </>
      ) : (
        <p className={styles.muted}>{t('deposit_gateway_note')}</p>
      )}
      <FormError code={formError} />
      <Button type="submit" isBlock disabled={isSubmitting || isRedirecting}>
        {isRedirecting ? t('deposit_redirecting') : t(isManual ? 'deposit_submit_manual' : 'deposit_submit_gateway')}
      </Button>
    </form>
  );
};
