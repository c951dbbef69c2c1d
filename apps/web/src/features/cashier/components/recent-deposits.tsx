import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../../shared/api/api-error';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Card } from '../../../shared/ui/card/card';
import tableStyles from '../../../shared/ui/data-table/data-table.module.css';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { FormError } from '../../../shared/ui/form/form-error';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { Pager } from '../../../shared/ui/pager/pager';
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
  const list = deposits.data?.list ?? [];
  return (
    <Card title={t('deposit_history')} name="deposit-history" isPadded={false}>
      {deposits.isPending ? <InlineLoader /> : null}
      {deposits.isError ? <FormError code={errorKeyOf(deposits.error)} /> : null}
      {deposits.data && list.length === 0 ? <EmptyState /> : null}
      {list.length > 0 ? (
        <div className={tableStyles.tableWrap}>
          <table className={tableStyles.table}>
            <thead>
              <tr>
                <th scope="col">{t('reference')}</th>
                <th scope="col">{t('deposit_channel')}</th>
                <th scope="col">{t('created_at')}</th>
                <th scope="col">{t('status')}</th>
                <th scope="col" className={tableStyles.numeric}>
                  {t('amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((order) => (
                <tr key={order.id} data-deposit={order.reference}>
                  <td data-label={t('reference')} className={tableStyles.mono}>
                    <bdi dir="ltr">{order.reference}</bdi>
                  </td>
                  <td data-label={t('deposit_channel')}>{t(channelKindKeys[order.channelKind])}</td>
                  <td data-label={t('created_at')}>{formatDateTime(order.createdAt)}</td>
                  <td data-label={t('status')}>
                    <StatusBadge tone={depositStatusTone[order.status]} name={order.status}>
                      {t(depositStatusKeys[order.status])}
                    </StatusBadge>
                  </td>
                  <td data-label={t('amount')} className={tableStyles.numeric}>
                    {formatMoney(order.amount, order.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager
        pageNo={pageNo}
        totalPages={deposits.data?.totalPages ?? 1}
        onChange={setPageNo}
        isBusy={deposits.isFetching}
      />
    </Card>
  );
};
