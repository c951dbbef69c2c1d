import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorKeyOf } from '../../../shared/api/api-error';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { useRealtimeEvent } from '../../../shared/realtime/realtime';
import { Alert } from '../../../shared/ui/alert/alert';
import { Button } from '../../../shared/ui/button/button';
import { Card } from '../../../shared/ui/card/card';
import { FormError } from '../../../shared/ui/form/form-error';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { confirmationListQueryKey, useConfirmationList } from '../api/get-confirmation-list';
import { usePayoutMethods } from '../api/get-payout-methods';
import { useWithdrawOptions, withdrawOptionsQueryKey } from '../api/get-withdraw-options';
import { withdrawalsQueryKey } from '../api/list-withdrawals';
import styles from '../components/cashier.module.css';
import { ConfirmReceipt } from '../components/confirm-receipt';
import { PayoutMethods } from '../components/payout-methods';
import { WithdrawForm } from '../components/withdraw-form';
import { WithdrawalHistory } from '../components/withdrawal-history';

/**
 * Withdrawal (personal centre `withdraw`): payouts waiting for the member's confirmation first, then the
 * request form, the payout methods, and the history. Needs the withdraw password (set in My account).
 */
export const WithdrawPage = () => {
  const { t } = useTranslation('money');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formatMoney = useFormatMoney();
  const options = useWithdrawOptions();
  const methods = usePayoutMethods();
  const confirmations = useConfirmationList();
  // A decision by the operator moves the member's money (hold captured or released): read the state again.
  useRealtimeEvent('wallet.balance', () => {
    for (const queryKey of [withdrawOptionsQueryKey, withdrawalsQueryKey, confirmationListQueryKey]) {
      queryClient.invalidateQueries({ queryKey });
    }
  });

  if (options.isPending || methods.isPending) return <InlineLoader />;
  if (options.isError) return <FormError code={errorKeyOf(options.error)} />;
  if (methods.isError) return <FormError code={errorKeyOf(methods.error)} />;
  const data = options.data;

  return (
    <div className={styles.page} data-page="withdraw">
      {(confirmations.data ?? []).map((order) => (
        <ConfirmReceipt key={order.id} order={order} />
      ))}
      {data.hasWithdrawPassword ? null : (
        <Alert tone="warning" title={t('withdraw_password_needed')}>
          <Button variant="secondary" size="sm" onClick={() => navigate('/member?page=securityCenter')}>
            {t('go_to_my_account')}
          </Button>
        </Alert>
      )}
      <Card title={t('withdraw_request')} name="withdraw">
        <div className={styles.stack}>
          <div className={styles.summary}>
            <span>
              {t('available_balance')}:{' '}
              <strong data-available={data.available}>{formatMoney(data.available, data.currency)}</strong>
            </span>
            <span>
              {t('withdraw_remaining_today')}:{' '}
              <strong>{t('count_of', { left: data.remainingToday, total: data.dailyCount })}</strong>
            </span>
          </div>
          {data.remainingToday <= 0 ? <Alert tone="warning">{t('withdrawal_daily_limit_reached')}</Alert> : null}
          {data.hasWithdrawPassword ? (
            // A new or removed method starts the form afresh, with the first method chosen.
            <WithdrawForm key={methods.data.map((method) => method.id).join()} options={data} methods={methods.data} />
          ) : null}
        </div>
      </Card>
      <PayoutMethods
        methods={methods.data}
        kinds={data.methods.map((method) => method.kind)}
        canAdd={data.hasWithdrawPassword}
      />
      <WithdrawalHistory />
    </div>
  );
};
