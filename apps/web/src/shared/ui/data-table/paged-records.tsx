import type { ReactNode } from 'react';
import { errorKeyOf } from '../../api/api-error';
import { EmptyState } from '../empty-state/empty-state';
import { FormError } from '../form/form-error';
import { InlineLoader } from '../loading-cover/loading-cover';
import { Pager } from '../pager/pager';
import tableStyles from './data-table.module.css';

export interface RecordColumn<Row> {
  /** The header text; each cell carries it as data-label for the phone layout. */
  label: string;
  isNumeric?: boolean;
  isMono?: boolean;
  /** Extra classes for one row's cell (e.g. credit or debit colouring). */
  cellClassName?: (row: Row) => string | undefined;
  render: (row: Row) => ReactNode;
}

/** What the list needs of a paged query (TanStack Query's result fits). */
export interface PagedQuery<Row> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  data?: { list: readonly Row[]; totalPages: number } | undefined;
}

/**
 * A member's paged records: loader, error, empty state, the table (label and value cards on phones) and the
 * pager — one piece for every history list of the personal centre.
 */
export const PagedRecords = <Row,>({
  query,
  columns,
  rowKey,
  rowData,
  pageNo,
  onPageChange,
}: {
  query: PagedQuery<Row>;
  columns: readonly RecordColumn<Row>[];
  rowKey: (row: Row) => string;
  /** data-* attributes of a row (journeys find rows by them). */
  rowData?: (row: Row) => Record<`data-${string}`, string>;
  pageNo: number;
  onPageChange: (pageNo: number) => void;
}) => {
  const list = query.data?.list ?? [];
  const cellClass = (column: RecordColumn<Row>, row?: Row) =>
    [
      column.isNumeric ? tableStyles.numeric : undefined,
      column.isMono ? tableStyles.mono : undefined,
      row === undefined ? undefined : column.cellClassName?.(row),
    ]
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <>
      {query.isPending ? <InlineLoader /> : null}
      {query.isError ? <FormError code={errorKeyOf(query.error)} /> : null}
      {query.data && list.length === 0 ? <EmptyState /> : null}
      {list.length > 0 ? (
        <div className={tableStyles.tableWrap}>
          <table className={tableStyles.table}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.label} scope="col" className={column.isNumeric ? tableStyles.numeric : undefined}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.map((row) => (
                <tr key={rowKey(row)} {...rowData?.(row)}>
                  {columns.map((column) => (
                    <td key={column.label} data-label={column.label} className={cellClass(column, row)}>
                      {column.render(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager
        pageNo={pageNo}
        totalPages={query.data?.totalPages ?? 1}
        onChange={onPageChange}
        isBusy={query.isFetching}
      />
    </>
  );
};
