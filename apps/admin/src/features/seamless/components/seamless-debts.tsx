import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Badge } from '../../../shared/ui/badge';
import { PagedTable } from '../../../shared/ui/paged-table';
import { Tabs } from '../../../shared/ui/tabs';
import { useSeamlessDebts } from '../api/seamless-api';
import styles from './seamless-debts.module.css';

const PAGE_SIZE = 20;

/**
 * Members' debts left by game providers' resettlements larger than the balance (decision 0117): the round, what was
 * owed and what is still outstanding; the wallet collects them from the member's next game credits.
 */
export const SeamlessDebts = ({ code }: { code: string }) => {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'open' | 'all'>('open');
  const [pageNo, setPageNo] = useState(1);
  const debts = useSeamlessDebts(code, { status, pageNo, pageSize: PAGE_SIZE });
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  const columns = {
    createdAt: t('seamlessDebts.createdAt'),
    member: t('seamlessDebts.member'),
    round: t('seamlessDebts.round'),
    amount: t('seamlessDebts.amount'),
    outstanding: t('seamlessDebts.outstanding'),
  };
  const totals = debts.data?.outstanding ?? [];
  return (
    <>
      <Tabs
        label={t('seamlessDebts.filter')}
        tabs={[
          { id: 'open', label: t('seamlessDebts.open') },
          { id: 'all', label: t('seamlessDebts.all') },
        ]}
        value={status}
        onChange={(next) => {
          setStatus(next);
          setPageNo(1);
        }}
      />
      <p className={styles.totals} data-testid="seamless-debt-totals">
        {totals.length === 0
          ? t('seamlessDebts.noneOutstanding')
          : t('seamlessDebts.totalOutstanding', {
              amounts: totals.map((total) => `${total.amount} ${total.currency}`).join(' · '),
            })}
      </p>
      <PagedTable
        query={debts}
        emptyMessage={status === 'open' ? t('seamlessDebts.emptyOpen') : t('seamlessDebts.empty')}
        testId="seamless-debts"
        columns={Object.values(columns)}
        pageNo={pageNo}
        onPageChange={setPageNo}
        renderRow={(row) => (
          <tr key={row.id} data-seamless-debt={row.id}>
            <td data-label={columns.createdAt}>{formatTime.format(Date.parse(row.createdAt))}</td>
            <td data-label={columns.member}>{row.account || row.memberId}</td>
            <td data-label={columns.round}>
              <code>
                {row.provider}:{row.roundId}
              </code>
              <span className={styles.muted}> {t('seamlessDebts.transaction', { id: row.transactionId })}</span>
            </td>
            <td data-label={columns.amount}>
              {row.amount} {row.currency}
            </td>
            <td data-label={columns.outstanding}>
              {row.outstanding === '0' || /^0(\.0+)?$/.test(row.outstanding) ? (
                <Badge tone="success">{t('seamlessDebts.repaid')}</Badge>
              ) : (
                <strong>
                  {row.outstanding} {row.currency}
                </strong>
              )}
            </td>
          </tr>
        )}
      />
    </>
  );
};
