import { type WithdrawalStatus, withdrawalStatuses } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import table from '../../../shared/ui/data-table.module.css';
import { Dialog } from '../../../shared/ui/dialog';
import { ErrorState, ListStates, LoadingState } from '../../../shared/ui/page-state';
import { Pagination } from '../../../shared/ui/pagination';
import { useDecideWithdrawal, useWithdrawal, useWithdrawals } from '../api/cashier-api';
import { statusTone } from '../lib/cashier-labels';
import styles from './cashier.module.css';
import { FailureText } from './failure-text';
import { type MoneyDecision, MoneyDecisionConfirm } from './money-decision-confirm';
import { OrderFacts } from './order-facts';
import { ProofGallery } from './proof-gallery';

/** One withdrawal with the member's balances and recent activity, and the decision buttons its state allows. */
const WithdrawalReview = ({ code, id, onClose }: { code: string; id: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const detail = useWithdrawal(code, id);
  const decide = useDecideWithdrawal(code);
  const [reason, setReason] = useState('');
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  const order = detail.data;
  const [confirming, setConfirming] = useState<MoneyDecision | null>(null);
  const act = (action: 'approve' | 'disburse' | 'reject') =>
    decide.mutate({ id, action, ...(action === 'reject' ? { reason: reason.trim() } : {}) });
  const canReject = order?.status === 'pending' || order?.status === 'approved';

  return (
    <Dialog
      isOpen
      size="md"
      title={order ? t('cashier.reviewTitle', { reference: order.reference }) : t('common.loading')}
      onClose={onClose}
      footer={
        <div className={styles.actions}>
          {order?.status === 'pending' ? (
            <Button variant="primary" onClick={() => setConfirming('approveWithdrawal')} isBusy={decide.isPending}>
              {t('cashier.approve')}
            </Button>
          ) : null}
          {order?.status === 'approved' ? (
            <Button variant="primary" onClick={() => setConfirming('disburseWithdrawal')} isBusy={decide.isPending}>
              {t('cashier.disburse')}
            </Button>
          ) : null}
          {canReject ? (
            <Button variant="danger" onClick={() => act('reject')} isBusy={decide.isPending}>
              {t('cashier.reject')}
            </Button>
          ) : null}
          <Button variant="ghost" onClick={onClose}>
            {t('common.close')}
          </Button>
        </div>
      }
    >
      {detail.isPending ? <LoadingState /> : null}
      {detail.isError ? <ErrorState error={detail.error} onRetry={() => void detail.refetch()} /> : null}
      {order ? (
        <MoneyDecisionConfirm
          decision={confirming}
          order={order}
          isBusy={decide.isPending}
          onConfirm={(decision) => {
            setConfirming(null);
            act(decision === 'disburseWithdrawal' ? 'disburse' : 'approve');
          }}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
      {order ? (
        <div className={styles.stack}>
          <FailureText error={decide.error} />
          <dl className={styles.details}>
            <OrderFacts
              code={code}
              statusTestId="withdrawal-status-value"
              status={order.status}
              statusLabel={t(`cashier.statuses.${order.status}`)}
              memberId={order.memberId}
              account={order.account}
              amount={order.amount}
              currency={order.currency}
            />
            <dt>{t('cashier.requested')}</dt>
            <dd>{formatTime.format(Date.parse(order.createdAt))}</dd>
            {Object.entries(order.payout).map(([key, value]) => (
              <div key={key} style={{ display: 'contents' }}>
                <dt>{t(`cashier.payoutFields.${key}`, { defaultValue: key })}</dt>
                <dd>{t(`cashier.payoutKinds.${value}`, { defaultValue: value })}</dd>
              </div>
            ))}
            {order.reason ? (
              <>
                <dt>{t('cashier.reason')}</dt>
                <dd>{order.reason}</dd>
              </>
            ) : null}
            <dt>{t('cashier.balance')}</dt>
            <dd>
              {order.balances
                .map(
                  (b) =>
                    `${b.code === 'main' ? t('cashier.mainWallet') : b.name}: ${b.available} (${t('cashier.held')} ${b.held})`,
                )
                .join(' · ')}
            </dd>
            <dt>{t('cashier.totals')}</dt>
            <dd>{t('cashier.totalsLine', order.totals)}</dd>
          </dl>
          {order.confirmation ? (
            <>
              <h3 className={styles.sectionTitle}>{t('cashier.confirmation')}</h3>
              <dl className={styles.details}>
                <dt>{t('cashier.outcome')}</dt>
                <dd>{t(`cashier.outcomes.${order.confirmation.outcome}`)}</dd>
                {order.confirmation.amountReceived ? (
                  <>
                    <dt>{t('cashier.amountReceived')}</dt>
                    <dd>{order.confirmation.amountReceived}</dd>
                  </>
                ) : null}
                {order.confirmation.remark ? (
                  <>
                    <dt>{t('cashier.remark')}</dt>
                    <dd>{order.confirmation.remark}</dd>
                  </>
                ) : null}
              </dl>
              {order.confirmation.proofIds.length > 0 ? (
                <ProofGallery kind="withdrawal" code={code} orderId={order.id} proofIds={order.confirmation.proofIds} />
              ) : null}
            </>
          ) : null}
          <h3 className={styles.sectionTitle}>{t('cashier.recentActivity')}</h3>
          <div className={table.wrap}>
            <table className={table.table}>
              <tbody>
                {order.recentActivity.map((entry) => (
                  <tr key={entry.id}>
                    <td className={table.nowrap}>{formatTime.format(Date.parse(entry.createdAt))}</td>
                    <td>{t(`cashier.types.${entry.type}`, { defaultValue: entry.type })}</td>
                    <td className={styles.amount}>{entry.amount}</td>
                    <td className={styles.amount}>{entry.balanceAfter}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {canReject ? (
            <label className={styles.filter}>
              <span>{t('cashier.rejectReason')}</span>
              <textarea
                className={styles.reason}
                value={reason}
                maxLength={200}
                onChange={(event) => setReason(event.target.value)}
                data-testid="reject-reason"
              />
            </label>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
};

/** The withdrawal queue: filter by status, open one to review and decide. */
export const WithdrawalQueue = ({ code }: { code: string }) => {
  const { t } = useTranslation();
  const [status, setStatus] = useState<WithdrawalStatus | undefined>('pending');
  const [pageNo, setPageNo] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const queue = useWithdrawals(code, status, pageNo);
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <div className={styles.stack}>
      <div className={styles.filters}>
        <label className={styles.filter}>
          <span>{t('cashier.status')}</span>
          <select
            value={status ?? ''}
            data-testid="withdrawal-status"
            onChange={(event) => {
              setStatus((event.target.value || undefined) as WithdrawalStatus | undefined);
              setPageNo(1);
            }}
          >
            <option value="">{t('cashier.allStatuses')}</option>
            {withdrawalStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`cashier.statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <Button onClick={() => void queue.refetch()} isBusy={queue.isFetching}>
          {t('common.refresh')}
        </Button>
      </div>
      <ListStates query={queue} emptyMessage={t('cashier.noWithdrawals')} />
      {queue.data && queue.data.list.length > 0 ? (
        <div className={table.wrap}>
          <table className={table.table} data-testid="withdrawal-queue">
            <thead>
              <tr>
                <th scope="col">{t('cashier.reference')}</th>
                <th scope="col">{t('cashier.member')}</th>
                <th scope="col">{t('cashier.amount')}</th>
                <th scope="col">{t('cashier.method')}</th>
                <th scope="col">{t('cashier.status')}</th>
                <th scope="col">{t('cashier.requested')}</th>
                <th scope="col">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {queue.data.list.map((order) => (
                <tr key={order.id} data-reference={order.reference}>
                  <td data-label={t('cashier.reference')} className={table.mono}>
                    {order.reference}
                  </td>
                  <td data-label={t('cashier.member')}>{order.account}</td>
                  <td data-label={t('cashier.amount')} className={styles.amount}>
                    {order.amount} {order.currency}
                  </td>
                  <td data-label={t('cashier.method')}>
                    {t(`cashier.payoutKinds.${order.method.kind}`)} · {order.method.display}
                  </td>
                  <td data-label={t('cashier.status')}>
                    <Badge tone={statusTone(order.status)}>{t(`cashier.statuses.${order.status}`)}</Badge>
                  </td>
                  <td data-label={t('cashier.requested')} className={table.nowrap}>
                    {formatTime.format(Date.parse(order.createdAt))}
                  </td>
                  <td data-label={t('common.actions')}>
                    <Button size="sm" onClick={() => setOpenId(order.id)}>
                      {t('cashier.review')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {queue.data ? (
        <Pagination
          pageNo={pageNo}
          totalPages={queue.data.totalPages}
          isDisabled={queue.isFetching}
          onChange={setPageNo}
        />
      ) : null}
      {openId ? <WithdrawalReview code={code} id={openId} onClose={() => setOpenId(null)} /> : null}
    </div>
  );
};
