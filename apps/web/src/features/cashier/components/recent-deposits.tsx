import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Card } from '../../../shared/ui/card/card';
import { PagedRecords } from '../../../shared/ui/data-table/paged-records';
import { StatusBadge } from '../../../shared/ui/status-badge/status-badge';
import { useDeposits } from '../api/list-deposits';
import { channelKindKeys, depositStatusKeys, depositStatusTone } from '../deposit-status';

/** The member's deposit orders, newest first, 20 a page. */
export const RecentDeposits = () => {
  const { t } = useTranslation('money');
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const [pageNo, setPageNo] = useState(1);
  const deposits = useDeposits(pageNo);
  type Order = NonNullable<typeof deposits.data>['list'][number];
  return (
    <Card title={t('deposit_history')} name="deposit-history" isPadded={false}>
      <PagedRecords<Order>
        query={deposits}
        pageNo={pageNo}
        onPageChange={setPageNo}
        rowKey={(order) => order.id}
        rowData={(order) => ({ 'data-deposit': order.reference })}
        columns={[
          { label: t('reference'), isMono: true, render: (order) => <bdi dir="ltr">{order.reference}</bdi> },
          { label: t('deposit_channel'), render: (order) => t(channelKindKeys[order.channelKind]) },
          { label: t('created_at'), render: (order) => formatDateTime(order.createdAt) },
          {
            label: t('status'),
            render: (order) => (
              <StatusBadge tone={depositStatusTone[order.status]} name={order.status}>
                {t(depositStatusKeys[order.status])}
              </StatusBadge>
            ),
          },
          { label: t('amount'), isNumeric: true, render: (order) => formatMoney(order.amount, order.currency) },
        ]}
      />
    </Card>
  );
};
