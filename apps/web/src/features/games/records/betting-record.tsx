import { gameCategories } from '@tessera/contracts';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { Alert } from '../../../shared/ui/alert/alert';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { LobbyPagination } from '../components/lobby-pagination';
import { gameTypeLabelKeys } from '../game-types';
import { acceptedPageOf } from '../lobby/pagination';
import { useGamesTranslation } from '../use-games-translation';
import { type DayRange, dayInZone, rangeErrorOf, rangeOfPreset } from './date-ranges';
import { useBetRecords } from './get-bet-records';
import { MoneyCell } from './money-cell';
import { RangePicker } from './range-picker';
import styles from './records.module.css';

export interface RecordPageProps {
  /** The merchant's time zone: the days of the range are its days. */
  timeZone: string;
}

type StatusFilter = '' | 'open' | 'settled' | 'cancelled';
export const statusLabelKeys: Readonly<Record<Exclude<StatusFilter, ''>, string>> = {
  open: 'record_status_open',
  settled: 'record_status_settled',
  cancelled: 'record_status_cancelled',
};

/** The betting record (personalHistoryCopy): the member's rounds over a range, filtered, paged, with totals. */
export const BettingRecord = ({ timeZone }: RecordPageProps) => {
  const { t } = useGamesTranslation();
  const formatDateTime = useFormatDateTime();
  const today = dayInZone(new Date(), timeZone);
  const [range, setRange] = useState<DayRange>(() => rangeOfPreset('last7', today));
  const [gameType, setGameType] = useState('');
  const [status, setStatus] = useState<StatusFilter>('');
  const [pageNo, setPageNo] = useState(1);
  const rangeError = rangeErrorOf(range);
  const { data, error, isFetching } = useBetRecords({
    ...range,
    gameType: gameType || undefined,
    status: status || undefined,
    pageNo,
  });
  const errorCode = rangeError ?? (error ? (isApiError(error) ? error.code : 'unknown_error') : null);

  return (
    <div className={styles.records} data-page="betting-record">
      <div className={styles.toolbar}>
        <RangePicker
          range={range}
          today={today}
          onChange={(next) => {
            setRange(next);
            setPageNo(1);
          }}
        />
        <div className={styles.selects}>
          <label className={styles.dateField}>
            <span>{t('record_game_type')}</span>
            <select
              value={gameType}
              onChange={(event) => {
                setGameType(event.target.value);
                setPageNo(1);
              }}
              data-record-game-type=""
            >
              <option value="">{t('in_type_all')}</option>
              {gameCategories.map((category) => (
                <option key={category} value={category}>
                  {t(gameTypeLabelKeys[category])}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.dateField}>
            <span>{t('record_status')}</span>
            <select
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as StatusFilter);
                setPageNo(1);
              }}
            >
              <option value="">{t('in_type_all')}</option>
              {(['open', 'settled', 'cancelled'] as const).map((item) => (
                <option key={item} value={item}>
                  {t(statusLabelKeys[item])}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      {errorCode ? (
        <Alert tone="danger" name="record-error">
          {t(errorCode, { ns: 'errors' })}
        </Alert>
      ) : null}
      {data ? (
        <dl className={styles.totals} data-record-totals="">
          <div>
            <dt>{t('record_bet_count')}</dt>
            <dd>
              <bdi>{data.summary.betCount}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('record_bet_amount')}</dt>
            <dd>
              <MoneyCell amount={data.summary.betAmount} currency={data.list[0]?.currency ?? ''} />
            </dd>
          </div>
          <div>
            <dt>{t('record_valid_bet')}</dt>
            <dd>
              <MoneyCell amount={data.summary.validBet} currency={data.list[0]?.currency ?? ''} />
            </dd>
          </div>
          <div>
            <dt>{t('record_win_loss')}</dt>
            <dd>
              <MoneyCell amount={data.summary.winLoss} currency={data.list[0]?.currency ?? ''} isSigned />
            </dd>
          </div>
        </dl>
      ) : null}
      {!data && isFetching ? <InlineLoader /> : null}
      {data && data.list.length === 0 ? <EmptyState /> : null}
      {data && data.list.length > 0 ? (
        <ul className={styles.list} data-record-list="">
          {data.list.map((bet) => (
            <li key={bet.id} className={styles.row} data-bet={bet.roundId}>
              <div className={styles.rowMain}>
                <span className={styles.rowTitle} dir="auto">
                  {bet.gameName}
                </span>
                <span className={styles.rowMeta}>
                  {bet.vendorName} · {t(gameTypeLabelKeys[bet.gameType])} · {formatDateTime(bet.placedAt)}
                </span>
                <span className={styles.rowMeta}>
                  {t('record_round')} <bdi>{bet.roundId}</bdi>
                </span>
              </div>
              <div className={styles.rowAmounts}>
                <span>
                  {t('record_bet_amount')}: <MoneyCell amount={bet.betAmount} currency={bet.currency} />
                </span>
                <span>
                  {t('record_payout')}: <MoneyCell amount={bet.payout} currency={bet.currency} />
                </span>
                <span className={styles.status} data-status={bet.status}>
                  {t(statusLabelKeys[bet.status])}
                </span>
                <MoneyCell amount={bet.winLoss} currency={bet.currency} isSigned />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <LobbyPagination
        pageNo={pageNo}
        totalPages={data?.totalPages ?? 0}
        onPage={(next) => {
          const accepted = acceptedPageOf(next, pageNo, data?.totalPages ?? 0);
          if (accepted !== null) setPageNo(accepted);
        }}
      />
    </div>
  );
};
