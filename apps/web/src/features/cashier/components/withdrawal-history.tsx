import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Card } from '../../../shared/ui/card/card';
import { PagedRecords } from '../../../shared/ui/data-table/paged-records';
import { StatusBadge } from '../../../shared/ui/status-badge/status-badge';
import { useWithdrawals } from '../api/list-withdrawals';
import { confirmationOutcomeKeys, withdrawalStatusKeys, withdrawalStatusTone } from '../withdraw-labels';

/** The member's withdrawals, newest first: status, the operator's reason when rejected, the confirmation given. */
export const WithdrawalHistory = () => {
  const { t } = useTranslation('money');
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const [pageNo, setPageNo] = useState(1);
  const withdrawals = useWithdrawals(pageNo);
  type Order = NonNullable<typeof withdrawals.data>['list'][number];
  return (
    <Card title={t('withdraw_history')} name="withdraw-history" isPadded={false}>
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
        ]}
      />
    </Card>
  );
};
