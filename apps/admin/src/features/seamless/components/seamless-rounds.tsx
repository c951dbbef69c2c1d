import type { AdminSeamlessRound, seamlessRoundStatuses } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import { PagedTable } from '../../../shared/ui/paged-table';
import { Tabs } from '../../../shared/ui/tabs';
import { useSeamlessRounds } from '../api/seamless-api';
import styles from './seamless-debts.module.css';

const PAGE_SIZE = 20;
/** The age filter's choices, in hours (0: any age). */
const AGES = [0, 1, 24, 168] as const;

const roundStatusTone: Record<(typeof seamlessRoundStatuses)[number], BadgeTone> = {
  open: 'warning',
  settled: 'success',
  rolled_back: 'neutral',
  voided: 'neutral',
};

/** A round's status; a round the platform closed after the provider's timeout says so (decision 0128). */
export const RoundStatusBadge = ({ round }: { round: Pick<AdminSeamlessRound, 'status' | 'timedOutAt'> }) => {
  const { t } = useTranslation();
  return round.timedOutAt ? (
    <Badge tone="info">{t('seamlessRounds.timedOut')}</Badge>
  ) : (
    <Badge tone={roundStatusTone[round.status]}>{t(`seamlessRounds.statuses.${round.status}`)}</Badge>
  );
};

export const roundPathOf = (code: string, provider: string, roundId: string) =>
  `/merchants/${encodeURIComponent(code)}/game-rounds/${encodeURIComponent(provider)}/${encodeURIComponent(roundId)}`;

/**
 * The merchant's provider rounds (decision 0127): open ones oldest first, so a round a provider never settled stands
 * on top, with the stakes open rounds hold per provider; or every round. Each round opens its whole history.
 */
export const SeamlessRounds = ({ code }: { code: string }) => {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'open' | 'all'>('open');
  const [olderThanHours, setOlderThanHours] = useState<number>(0);
  const [pageNo, setPageNo] = useState(1);
  const rounds = useSeamlessRounds(code, {
    status,
    olderThanHours: status === 'open' ? olderThanHours : 0,
    pageNo,
    pageSize: PAGE_SIZE,
  });
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  const columns = {
    createdAt: t('seamlessRounds.openedAt'),
    member: t('seamlessRounds.member'),
    round: t('seamlessRounds.round'),
    status: t('seamlessRounds.status'),
    stakes: t('seamlessRounds.stakes'),
    payouts: t('seamlessRounds.payouts'),
  };
  const totals = rounds.data?.openByProvider ?? [];
  return (
    <>
      <Tabs
        label={t('seamlessRounds.filter')}
        tabs={[
          { id: 'open', label: t('seamlessRounds.open') },
          { id: 'all', label: t('seamlessRounds.all') },
        ]}
        value={status}
        onChange={(next) => {
          setStatus(next);
          setPageNo(1);
        }}
      />
      <p className={styles.totals} data-testid="seamless-round-totals">
        {totals.length === 0
          ? t('seamlessRounds.noneOpen')
          : t('seamlessRounds.openTotals', {
              totals: totals
                .map((total) =>
                  t('seamlessRounds.openTotal', {
                    provider: total.provider,
                    count: total.rounds,
                    stakes: `${total.stakes} ${total.currency}`,
                  }),
                )
                .join(' · '),
            })}
      </p>
      {status === 'open' ? (
        <label className={styles.filter}>
          <span>{t('seamlessRounds.age')}</span>
          <select
            value={olderThanHours}
            name="olderThanHours"
            onChange={(event) => {
              setOlderThanHours(Number(event.target.value));
              setPageNo(1);
            }}
          >
            {AGES.map((hours) => (
              <option key={hours} value={hours}>
                {hours === 0 ? t('seamlessRounds.anyAge') : t('seamlessRounds.olderThan', { count: hours })}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <PagedTable
        query={rounds}
        emptyMessage={status === 'open' ? t('seamlessRounds.emptyOpen') : t('seamlessRounds.empty')}
        testId="seamless-rounds"
        columns={Object.values(columns)}
        pageNo={pageNo}
        onPageChange={setPageNo}
        renderRow={(row) => (
          <tr key={`${row.provider}:${row.roundId}`} data-seamless-round={row.roundId}>
            <td data-label={columns.createdAt}>{formatTime.format(Date.parse(row.createdAt))}</td>
            <td data-label={columns.member}>{row.account || row.memberId}</td>
            <td data-label={columns.round}>
              <Link to={roundPathOf(code, row.provider, row.roundId)}>
                <code>
                  {row.provider}:{row.roundId}
                </code>
              </Link>
            </td>
            <td data-label={columns.status}>
              <RoundStatusBadge round={row} />
            </td>
            <td data-label={columns.stakes}>
              {row.stakes} {row.currency}
            </td>
            <td data-label={columns.payouts}>
              {row.payouts} {row.currency}
            </td>
          </tr>
        )}
      />
    </>
  );
};
