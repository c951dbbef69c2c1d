import { useQueryClient } from '@tanstack/react-query';
import type { LedgerEntry } from '@tessera/contracts';
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
import { Card } from '../../../shared/ui/card/card';
import { DetailList } from '../../../shared/ui/detail-list/detail-list';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { PasswordField, TextField } from '../../../shared/ui/form/text-field';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { uplineInfoQueryKey, useUplineInfo } from '../api/get-upline-info';
import { transferUpline } from '../api/transfer-upline';
import styles from '../components/wallet.module.css';

interface UplineValues {
  amount: string;
  withdrawPassword: string;
}

const fields = ['amount', 'withdrawPassword'] as const;

/**
 * Transfer to upline (personal centre `transferUpline`, members under an agent): money from the main wallet to
 * the upline agent's, confirmed with the withdraw password.
 */
export const TransferUplinePage = () => {
  const { t } = useTranslation('money');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formatMoney = useFormatMoney();
  const info = useUplineInfo();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<LedgerEntry | null>(null);
  const requestId = useRef(newRequestId());
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<UplineValues>({ defaultValues: { amount: '', withdrawPassword: '' } });

  if (info.isPending) return <InlineLoader />;
  if (info.isError) return <FormError code={errorKeyOf(info.error)} />;
  const data = info.data;
  if (!data.available) return <EmptyState message={t('upline_none')} />;

  const onSubmit = async (values: UplineValues) => {
    setFormError(null);
    setDone(null);
    try {
      const entry = await transferUpline({ requestId: requestId.current, ...values });
      requestId.current = newRequestId();
      reset();
      setDone(entry);
      await queryClient.invalidateQueries({ queryKey: uplineInfoQueryKey });
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
    <div className={styles.page} data-page="transfer-upline">
      <Card title={t('upline_title')} name="transfer-upline">
        <div className={styles.stack}>
          <DetailList
            items={[
              { name: 'upline', label: t('upline_account'), value: <bdi>{data.uplineAccount ?? '—'}</bdi> },
              {
                name: 'available',
                label: t('available_balance'),
                value: formatMoney(data.availableBalance, data.currency),
              },
            ]}
          />
          {data.hasWithdrawPassword ? (
            <form className={formStyles.form} onSubmit={handleSubmit(onSubmit)} noValidate data-form="transfer-upline">
              <TextField
                id="upline-amount"
                label={t('amount')}
                inputMode="decimal"
                autoComplete="off"
                isRequired
                error={errors.amount}
                {...register('amount', {
                  validate: validateAmount({ currency: data.currency, max: data.availableBalance }),
                })}
              />
              <PasswordField
                id="upline-withdraw-password"
                label={t('withdraw_password')}
                autoComplete="off"
                maxLength={128}
                isRequired
                error={errors.withdrawPassword}
                {...register('withdrawPassword', { validate: validateRequired('not_empty', false) })}
              />
              <FormError code={formError} />
              {done ? (
                <Alert tone="success">
                  {t('upline_done', { amount: formatMoney(done.amount.replace(/^-/, ''), done.currency) })}
                </Alert>
              ) : null}
              <Button type="submit" isBlock disabled={isSubmitting}>
                {t('upline_submit')}
              </Button>
            </form>
          ) : (
            <Alert tone="warning" title={t('withdraw_password_needed')}>
              <Button variant="secondary" size="sm" onClick={() => navigate('/member?page=securityCenter')}>
                {t('go_to_my_account')}
              </Button>
            </Alert>
          )}
        </div>
      </Card>
    </div>
  );
};
