import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../../shared/api/api-error';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Button } from '../../../shared/ui/button/button';
import { Card } from '../../../shared/ui/card/card';
import { PagedRecords } from '../../../shared/ui/data-table/paged-records';
import { ConfirmDialog } from '../../../shared/ui/dialog/confirm-dialog';
import { FormError } from '../../../shared/ui/form/form-error';
import { StatusBadge } from '../../../shared/ui/status-badge/status-badge';
import { withdrawOptionsQueryKey } from '../api/get-withdraw-options';
import { useWithdrawals, withdrawalsQueryKey } from '../api/list-withdrawals';
import { cancelWithdrawal } from '../api/withdraw-mutations';
import { confirmationOutcomeKeys, withdrawalStatusKeys, withdrawalStatusTone } from '../withdraw-labels';

/**
 * The member's withdrawals, newest first: status, the operator's reason when rejected, the confirmation given; a
 * pending one can be cancelled (after confirming), which returns its amount to the wallet.
 */
export const WithdrawalHistory = () => {
  const { t } = useTranslation('money');
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const queryClient = useQueryClient();
  const [pageNo, setPageNo] = useState(1);
  const withdrawals = useWithdrawals(pageNo);
  type Order = NonNullable<typeof withdrawals.data>['list'][number];
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleCancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    setError(null);
    try {
      await cancelWithdrawal(cancelling.id);
    } catch (caught) {
      setError(errorKeyOf(caught));
    } finally {
      setCancelling(null);
      setBusy(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: withdrawalsQueryKey }),
        queryClient.invalidateQueries({ queryKey: withdrawOptionsQueryKey }),
      ]);
    }
  };

  return (
    <Card title={t('withdraw_history')} name="withdraw-history" isPadded={false}>
      <FormError code={error} />
      <PagedRecords<Order>
        query={withdrawals}
        pageNo={pageNo}
        onPageChange={setPageNo}
        rowKey={(order) => order.id}
        rowData={(order) => ({ 'data-withdrawal': order.reference })}
        columns={[
          { label: t('reference'), isMono: true, render: (order) => <bdi dir="ltr">{order.reference}</bdi> },
          { label: t('withdraw_to'), render: (order) => <bdi>{order.method.display}</bdi> },
          { label: t('created_at'), render: (order) => formatDateTime(order.createdAt) },
          {
            label: t('status'),
            render: (order) => (
              <>
                <StatusBadge tone={withdrawalStatusTone[order.status]} name={order.status}>
                  {t(withdrawalStatusKeys[order.status])}
                </StatusBadge>
                {order.reason ? <div>{order.reason}</div> : null}
                {order.confirmation ? <div>{t(confirmationOutcomeKeys[order.confirmation.outcome])}</div> : null}
              </>
            ),
          },
          { label: t('amount'), isNumeric: true, render: (order) => formatMoney(order.amount, order.currency) },
          {
            label: t('withdraw_actions'),
            render: (order) =>
              order.status === 'pending' ? (
                <Button
                  size="sm"
                  variant="secondary"
                  data-action="cancel-withdrawal"
                  aria-label={t('withdraw_cancel_label', { reference: order.reference })}
                  onClick={() => setCancelling(order)}
                >
                  {t('withdraw_cancel')}
                </Button>
              ) : null,
          },
        ]}
      />
      <ConfirmDialog
        name="cancel-withdrawal"
        isOpen={cancelling !== null}
        title={t('withdraw_cancel_title')}
        confirmLabel={t('withdraw_cancel_confirm')}
        cancelLabel={t('withdraw_cancel_keep')}
        isBusy={isBusy}
        onConfirm={handleCancel}
        onCancel={() => setCancelling(null)}
      >
        {cancelling
          ? t('withdraw_cancel_text', {
              amount: formatMoney(cancelling.amount, cancelling.currency),
              reference: cancelling.reference,
            })
          : null}
      </ConfirmDialog>
    </Card>
  );
};
