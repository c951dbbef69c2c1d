import { useVirtualizer } from '@tanstack/react-virtual';
import type { ReportTable } from '@tessera/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './reports.module.css';

/** Every row's height: rows are not measured, so a window of 100,000 is placed by arithmetic alone. */
export const ROW_HEIGHT = 37;

/** The rows in a scrolling box that renders only what is in view, with the totals row pinned below. */
export const ReportGrid = ({ table }: { table: ReportTable }) => {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: table.rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const align = (kind: string) => (kind === 'text' ? undefined : styles.number);
  return (
    <div className={styles.tableScroll} ref={scroller}>
      <table className={styles.grid} data-testid="report-table">
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th key={column.key} className={align(column.kind)}>
                {t(`reports.columns.${column.key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {before > 0 ? <tr style={{ height: before }} aria-hidden /> : null}
          {items.map((item) => (
            <tr key={item.key} style={{ height: ROW_HEIGHT }}>
              {table.rows[item.index]?.map((cell, i) => (
                <td key={table.columns[i]?.key} className={align(table.columns[i]?.kind ?? 'text')}>
                  {table.columns[i]?.kind === 'percent' && cell !== '' ? `${cell}%` : cell}
                </td>
              ))}
            </tr>
          ))}
          {after > 0 ? <tr style={{ height: after }} aria-hidden /> : null}
        </tbody>
        <tfoot>
          <tr data-testid="report-totals">
            {table.totals.map((cell, i) => (
              <td key={table.columns[i]?.key} className={align(table.columns[i]?.kind ?? 'text')}>
                {i === 0
                  ? t('reports.total', { rows: table.total })
                  : table.columns[i]?.kind === 'percent' && cell !== ''
                    ? `${cell}%`
                    : cell}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
};
