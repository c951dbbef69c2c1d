import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Badge } from '../../../shared/ui/badge';
import { DataTable } from '../../../shared/ui/data-table';
import { ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { Panel } from '../../../shared/ui/panel';
import { useSeamlessRound } from '../api/seamless-api';
import styles from './seamless-debts.module.css';
import { RoundStatusBadge } from './seamless-rounds';

/** One provider round's whole history (decision 0127): its totals, every call in order, and the debts it left. */
export const SeamlessRound = ({ code, provider, roundId }: { code: string; provider: string; roundId: string }) => {
  const { t } = useTranslation();
  const query = useSeamlessRound(code, provider, roundId);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const { round, calls, debts } = query.data;
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'medium' });
  const money = (amount: string) => `${amount} ${round.currency}`;
  const columns = {
    at: t('seamlessRounds.callAt'),
    kind: t('seamlessRounds.callKind'),
    transaction: t('seamlessRounds.transaction'),
    amount: t('seamlessRounds.amount'),
    ledger: t('seamlessRounds.ledger'),
    balance: t('seamlessRounds.balanceAfter'),
  };
  return (
    <>
      <Panel title={t('seamlessRounds.summary')}>
        <dl className={styles.facts} data-testid="seamless-round-facts">
          <div>
            <dt>{t('seamlessRounds.member')}</dt>
            <dd>{round.account || round.memberId}</dd>
          </div>
          <div>
            <dt>{t('seamlessRounds.status')}</dt>
            <dd>
              <RoundStatusBadge round={round} />
            </dd>
          </div>
          <div>
            <dt>{t('seamlessRounds.stakes')}</dt>
            <dd>{money(round.stakes)}</dd>
          </div>
          <div>
            <dt>{t('seamlessRounds.payouts')}</dt>
            <dd>{money(round.payouts)}</dd>
          </div>
          <div>
            <dt>{t('seamlessRounds.tips')}</dt>
            <dd>{money(round.tips)}</dd>
          </div>
          <div>
            <dt>{t('seamlessRounds.openedAt')}</dt>
            <dd>{formatTime.format(Date.parse(round.createdAt))}</dd>
          </div>
        </dl>
      </Panel>
      <Panel title={t('seamlessRounds.calls')}>
        <DataTable columns={Object.values(columns)} testId="seamless-round-calls">
          {calls.map((call) => (
            <tr key={call.transactionId} data-seamless-call={call.kind}>
              <td data-label={columns.at}>{formatTime.format(Date.parse(call.createdAt))}</td>
              <td data-label={columns.kind}>
                {t(`seamlessRounds.kinds.${call.kind}`)}
                {call.outcome === 'ok' ? null : <Badge tone="danger">{t('seamlessRounds.refusedForGood')}</Badge>}
              </td>
              <td data-label={columns.transaction}>
                <code>{call.transactionId}</code>
                {call.referenceTransactionId ? (
                  <span className={styles.muted}>
                    {' '}
                    {t('seamlessRounds.returns', { id: call.referenceTransactionId })}
                  </span>
                ) : null}
              </td>
              <td data-label={columns.amount}>{money(call.amount)}</td>
              <td data-label={columns.ledger}>
                {call.ledgerTransactionId ?? <span className={styles.muted}>{t('seamlessRounds.noMovement')}</span>}
              </td>
              <td data-label={columns.balance}>{call.balanceAfter === null ? '—' : money(call.balanceAfter)}</td>
            </tr>
          ))}
        </DataTable>
      </Panel>
      {debts.length > 0 ? (
        <Panel title={t('seamlessRounds.debts')}>
          <ul data-testid="seamless-round-debts">
            {debts.map((debt) => (
              <li key={debt.id}>
                {t('seamlessRounds.debtLine', {
                  transaction: debt.transactionId,
                  amount: money(debt.amount),
                  outstanding: money(debt.outstanding),
                })}
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}
    </>
  );
};
