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
import { useWithdrawals } from '../api/list-withdrawals';
import { confirmationOutcomeKeys, withdrawalStatusKeys, withdrawalStatusTone } from '../withdraw-labels';

/** The member's withdrawals, newest first: status, the operator's reason when rejected, the confirmation given. */
export const WithdrawalHistory = () => {
  const { t } = useTranslation('money');
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const [pageNo, setPageNo] = useState(1);
  const withdrawals = useWithdrawals(pageNo);
  const list = withdrawals.data?.list ?? [];
  return (
    <Card title={t('withdraw_history')} name="withdraw-history" isPadded={false}>
      {withdrawals.isPending ? <InlineLoader /> : null}
      {withdrawals.isError ? <FormError code={errorKeyOf(withdrawals.error)} /> : null}
      {withdrawals.data && list.length === 0 ? <EmptyState /> : null}
      {list.length > 0 ? (
        <div className={tableStyles.tableWrap}>
          <table className={tableStyles.table}>
            <thead>
              <tr>
                <th scope="col">{t('reference')}</th>
                <th scope="col">{t('withdraw_to')}</th>
                <th scope="col">{t('created_at')}</th>
                <th scope="col">{t('status')}</th>
                <th scope="col" className={tableStyles.numeric}>
                  {t('amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((order) => (
                <tr key={order.id} data-withdrawal={order.reference}>
                  <td data-label={t('reference')} className={tableStyles.mono}>
                    <bdi dir="ltr">{order.reference}</bdi>
                  </td>
                  <td data-label={t('withdraw_to')}>
                    <bdi>{order.method.display}</bdi>
                  </td>
                  <td data-label={t('created_at')}>{formatDateTime(order.createdAt)}</td>
                  <td data-label={t('status')}>
                    <StatusBadge tone={withdrawalStatusTone[order.status]} name={order.status}>
                      {t(withdrawalStatusKeys[order.status])}
                    </StatusBadge>
                    {order.reason ? <div>{order.reason}</div> : null}
                    {order.confirmation ? <div>{t(confirmationOutcomeKeys[order.confirmation.outcome])}</div> : null}
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
        totalPages={withdrawals.data?.totalPages ?? 1}
        onChange={setPageNo}
        isBusy={withdrawals.isFetching}
      />
    </Card>
  );
};
