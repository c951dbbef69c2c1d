import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { Alert } from '../../../shared/ui/alert/alert';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { gameTypeLabelKeys } from '../game-types';
import { useGamesTranslation } from '../use-games-translation';
import type { RecordPageProps } from './betting-record';
import { type DayRange, dayInZone, rangeErrorOf, rangeOfPreset } from './date-ranges';
import { usePersonalProfit } from './get-bet-records';
import { MoneyCell } from './money-cell';
import { RangePicker } from './range-picker';
import styles from './records.module.css';

/** Personal profit and loss (personalProfit): settled rounds over a range, in total, per game type and per day. */
export const PersonalProfit = ({ timeZone }: RecordPageProps) => {
  const { t } = useGamesTranslation();
  const today = dayInZone(new Date(), timeZone);
  const [range, setRange] = useState<DayRange>(() => rangeOfPreset('last7', today));
  const rangeError = rangeErrorOf(range);
  const { data, error, isFetching } = usePersonalProfit(range);
  const errorCode = rangeError ?? (error ? (isApiError(error) ? error.code : 'unknown_error') : null);
  const currency = data?.currency ?? '';

  return (
    <div className={styles.records} data-page="personal-profit">
      <div className={styles.toolbar}>
        <RangePicker range={range} today={today} onChange={setRange} />
      </div>
      {errorCode ? (
        <Alert tone="danger" name="record-error">
          {t(errorCode, { ns: 'errors' })}
        </Alert>
      ) : null}
      {!data && isFetching ? <InlineLoader /> : null}
      {data ? (
        <>
          <dl className={styles.totals} data-profit-total="">
            <div>
              <dt>{t('record_bet_count')}</dt>
              <dd>
                <bdi>{data.total.betCount}</bdi>
              </dd>
            </div>
            <div>
              <dt>{t('record_valid_bet')}</dt>
              <dd>
                <MoneyCell amount={data.total.validBet} currency={currency} />
              </dd>
            </div>
            <div>
              <dt>{t('record_payout')}</dt>
              <dd>
                <MoneyCell amount={data.total.payout} currency={currency} />
              </dd>
            </div>
            <div>
              <dt>{t('record_win_loss')}</dt>
              <dd>
                <MoneyCell amount={data.total.winLoss} currency={currency} isSigned />
              </dd>
            </div>
          </dl>
          {data.byGameType.length === 0 ? (
            <EmptyState />
          ) : (
            <div className={styles.tables}>
              <table className={styles.table} data-profit-by-type="">
                <caption>{t('record_by_game_type')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('record_game_type')}</th>
                    <th scope="col">{t('record_bet_count')}</th>
                    <th scope="col">{t('record_valid_bet')}</th>
                    <th scope="col">{t('record_win_loss')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.byGameType.map((row) => (
                    <tr key={row.gameType}>
                      <th scope="row">{t(gameTypeLabelKeys[row.gameType])}</th>
                      <td>
                        <bdi>{row.betCount}</bdi>
                      </td>
                      <td>
                        <MoneyCell amount={row.validBet} currency={currency} />
                      </td>
                      <td>
                        <MoneyCell amount={row.winLoss} currency={currency} isSigned />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <table className={styles.table} data-profit-by-day="">
                <caption>{t('record_by_day')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('record_day')}</th>
                    <th scope="col">{t('record_bet_count')}</th>
                    <th scope="col">{t('record_win_loss')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.byDay.map((row) => (
                    <tr key={row.day}>
                      <th scope="row">
                        <bdi>{row.day}</bdi>
                      </th>
                      <td>
                        <bdi>{row.betCount}</bdi>
                      </td>
                      <td>
                        <MoneyCell amount={row.winLoss} currency={currency} isSigned />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </div>
  );
};
