import { zonedDate } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import table from '../../../shared/ui/data-table.module.css';
import { ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { useCashReport } from '../api/cashier-api';
import { daysBefore } from '../lib/cashier-labels';
import styles from './cashier.module.css';

/** Deposits, payouts, adjustments and net per day in the merchant's time zone. */
export const CashReport = ({ code, timeZone }: { code: string; timeZone: string }) => {
  const { t } = useTranslation();
  const today = zonedDate(timeZone);
  const [from, setFrom] = useState(daysBefore(today, 6));
  const [to, setTo] = useState(today);
  const report = useCashReport(code, from, to);
  const columns = [
    ['depositsCount', 'deposits'],
    ['withdrawalsCount', 'withdrawals'],
    ['adjustmentsIn'],
    ['adjustmentsOut'],
    ['net'],
  ] as const;

  return (
    <div className={styles.stack}>
      <div className={styles.filters}>
        <label className={styles.filter}>
          <span>{t('cashier.from')}</span>
          <input type="date" value={from} max={to} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label className={styles.filter}>
          <span>{t('cashier.to')}</span>
          <input type="date" value={to} min={from} onChange={(event) => setTo(event.target.value)} />
        </label>
        <span className={styles.filter}>{t('cashier.timeZone', { timeZone })}</span>
      </div>
      {report.isPending && report.fetchStatus !== 'idle' ? <LoadingState /> : null}
      {report.isError ? <ErrorState error={report.error} onRetry={() => void report.refetch()} /> : null}
      {report.data ? (
        <div className={table.wrap}>
          <table className={table.table} data-testid="cash-report">
            <thead>
              <tr>
                <th scope="col">{t('cashier.date')}</th>
                <th scope="col">{t('cashier.deposits')}</th>
                <th scope="col">{t('cashier.withdrawals')}</th>
                <th scope="col">{t('cashier.adjustmentsIn')}</th>
                <th scope="col">{t('cashier.adjustmentsOut')}</th>
                <th scope="col">{t('cashier.net')}</th>
              </tr>
            </thead>
            <tbody>
              {[...report.data.days, { date: t('cashier.total'), ...report.data.totals }].map((day, index, rows) => (
                <tr key={day.date} className={index === rows.length - 1 ? styles.totalRow : undefined}>
                  <td data-label={t('cashier.date')} className={table.nowrap}>
                    {day.date}
                  </td>
                  {columns.map((column) => (
                    <td
                      key={column.join()}
                      data-label={t(`cashier.${column[column.length - 1]}`)}
                      className={styles.amount}
                    >
                      {column.length === 2 ? `${day[column[1]]} (${day[column[0]]})` : day[column[0]]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
};
