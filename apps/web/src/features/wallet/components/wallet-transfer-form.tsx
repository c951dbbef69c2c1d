import { useQueryClient } from '@tanstack/react-query';
import type { ResponseOf, walletEndpoints } from '@tessera/contracts';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { newRequestId } from '../../../shared/api/request-id';
import { validateAmount } from '../../../shared/forms/amount-validation';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { Alert } from '../../../shared/ui/alert/alert';
import { Button } from '../../../shared/ui/button/button';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { SelectField } from '../../../shared/ui/form/select-field';
import { TextField } from '../../../shared/ui/form/text-field';
import { walletsQueryKey } from '../api/get-wallets';
import { transferWallet } from '../api/transfer-wallet';
import styles from './wallet.module.css';

type Wallets = ResponseOf<typeof walletEndpoints.wallets>;

interface TransferValues {
  from: string;
  to: string;
  amount: string;
}

const fields = ['from', 'to', 'amount'] as const;

/** Moves money between the main wallet and a game wallet (GCS_walletTransfer); one request id per attempt. */
export const WalletTransferForm = ({ wallets }: { wallets: Wallets }) => {
  const { t } = useTranslation('money');
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const [isDone, setDone] = useState(false);
  // Kept until the transfer succeeds, so a retry after a lost answer is applied once.
  const requestId = useRef(newRequestId());
  const nameOf = (code: string) =>
    code === 'main' ? t('wallet_main') : (wallets.wallets.find((w) => w.code === code)?.name ?? code);
  const options = wallets.wallets.map((wallet) => ({ value: wallet.code, label: nameOf(wallet.code) }));
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TransferValues>({
    defaultValues: { from: 'main', to: wallets.wallets.find((w) => w.code !== 'main')?.code ?? '', amount: '' },
  });
  const from = watch('from');
  const available = wallets.wallets.find((wallet) => wallet.code === from)?.available ?? '0';

  const onSubmit = async (values: TransferValues) => {
    setFormError(null);
    setDone(false);
    try {
      const updated = await transferWallet({ requestId: requestId.current, ...values });
      requestId.current = newRequestId();
      queryClient.setQueryData(walletsQueryKey, updated);
      reset({ ...values, amount: '' });
      setDone(true);
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(errorKeyOf(error));
        return;
      }
      if (error.code !== 'in_network_again' && error.code !== 'timeout_retry_please') {
        requestId.current = newRequestId();
      }
      const unmatched = applyServerFieldErrors(setError, error.fieldErrors, { fields });
      if (error.fieldErrors.length === 0 || unmatched.length > 0) setFormError(error.code);
    }
  };

  return (
    <form className={formStyles.form} onSubmit={handleSubmit(onSubmit)} noValidate data-form="wallet-transfer">
      <div className={styles.row}>
        <SelectField
          id="transfer-from"
          label={t('transfer_from')}
          options={options}
          error={errors.from}
          {...register('from')}
        />
        <SelectField
          id="transfer-to"
          label={t('transfer_to')}
          options={options}
          error={errors.to}
          {...register('to', { validate: (value, all) => (value !== all.from ? true : 'field_invalid') })}
        />
      </div>
      <TextField
        id="transfer-amount"
        label={t('amount')}
        inputMode="decimal"
        autoComplete="off"
        isRequired
        error={errors.amount}
        addon={
          <Button variant="ghost" size="sm" onClick={() => setValue('amount', available, { shouldValidate: true })}>
            {t('transfer_all')}
          </Button>
        }
        {...register('amount', { validate: validateAmount({ currency: wallets.currency, max: available }) })}
      />
      <FormError code={formError} />
      {isDone ? <Alert tone="success">{t('transfer_done')}</Alert> : null}
      <Button type="submit" isBlock disabled={isSubmitting}>
        {t('transfer_submit')}
      </Button>
    </form>
  );
};
