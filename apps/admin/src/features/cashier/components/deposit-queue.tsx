import { type DepositStatus, depositStatuses } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import table from '../../../shared/ui/data-table.module.css';
import { ListStates } from '../../../shared/ui/page-state';
import { Pagination } from '../../../shared/ui/pagination';
import { useDeposits } from '../api/cashier-api';
import { statusTone } from '../lib/cashier-labels';
import styles from './cashier.module.css';
import { DepositReview, type QueuedDeposit } from './deposit-review';

/**
 * Deposits: gateway orders settle by callback; manual transfers wait here, and an operator reviews each (what the
 * member declared, its proofs) before approving or rejecting it.
 */
export const DepositQueue = ({ code }: { code: string }) => {
  const { t } = useTranslation();
  const [status, setStatus] = useState<DepositStatus | undefined>('awaiting_review');
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<QueuedDeposit | null>(null);
  const deposits = useDeposits(code, status, pageNo);
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <div className={styles.stack}>
      <div className={styles.filters}>
        <label className={styles.filter}>
          <span>{t('cashier.status')}</span>
          <select
            value={status ?? ''}
            onChange={(event) => {
              setStatus((event.target.value || undefined) as DepositStatus | undefined);
              setPageNo(1);
            }}
          >
            <option value="">{t('cashier.allStatuses')}</option>
            {depositStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`cashier.depositStatuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <Button onClick={() => void deposits.refetch()} isBusy={deposits.isFetching}>
          {t('common.refresh')}
        </Button>
      </div>
      <ListStates query={deposits} emptyMessage={t('cashier.noDeposits')} />
      {deposits.data && deposits.data.list.length > 0 ? (
        <div className={table.wrap}>
          <table className={table.table} data-testid="deposit-queue">
            <thead>
              <tr>
                <th scope="col">{t('cashier.reference')}</th>
                <th scope="col">{t('cashier.member')}</th>
                <th scope="col">{t('cashier.amount')}</th>
                <th scope="col">{t('cashier.channel')}</th>
                <th scope="col">{t('cashier.payerNote')}</th>
                <th scope="col">{t('cashier.status')}</th>
                <th scope="col">{t('cashier.requested')}</th>
                <th scope="col">{t('cashier.proofs')}</th>
                <th scope="col">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {deposits.data.list.map((order) => (
                <tr key={order.id} data-reference={order.reference}>
                  <td data-label={t('cashier.reference')} className={table.mono}>
                    {order.reference}
                  </td>
                  <td data-label={t('cashier.member')}>{order.account}</td>
                  <td data-label={t('cashier.amount')} className={styles.amount}>
                    {order.amount} {order.currency}
                  </td>
                  <td data-label={t('cashier.channel')}>{t(`cashier.channels.${order.channelKind}`)}</td>
                  <td data-label={t('cashier.payerNote')}>{order.payerNote ?? order.reason ?? ''}</td>
                  <td data-label={t('cashier.status')}>
                    <Badge tone={statusTone(order.status)}>{t(`cashier.depositStatuses.${order.status}`)}</Badge>
                  </td>
                  <td data-label={t('cashier.requested')} className={table.nowrap}>
                    {formatTime.format(Date.parse(order.createdAt))}
                  </td>
                  <td data-label={t('cashier.proofs')}>
                    {order.channelKind === 'bank_transfer' ? (
                      <Badge tone={order.proofIds.length > 0 ? 'info' : 'neutral'}>
                        {t('cashier.proofCount', { count: order.proofIds.length })}
                      </Badge>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td data-label={t('common.actions')}>
                    <Button
                      size="sm"
                      variant={order.status === 'awaiting_review' ? 'primary' : 'secondary'}
                      onClick={() => setOpen(order)}
                    >
                      {t('cashier.review')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {deposits.data ? (
        <Pagination
          pageNo={pageNo}
          totalPages={deposits.data.totalPages}
          isDisabled={deposits.isFetching}
          onChange={setPageNo}
        />
      ) : null}
      {open ? <DepositReview code={code} order={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
};
