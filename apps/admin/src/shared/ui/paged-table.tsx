import type { ReactNode } from 'react';
import { DataTable } from './data-table';
import { type ListQuery, ListStates } from './page-state';
import { Pagination } from './pagination';

/** A page of rows as list endpoints answer it. */
interface PagedQuery<Row> extends ListQuery {
  data?: { list: readonly Row[]; totalPages: number } | undefined;
  isFetching: boolean;
}

export interface PagedTableProps<Row> {
  query: PagedQuery<Row>;
  emptyMessage: string;
  testId: string;
  /** The column headings, in order. */
  columns: readonly string[];
  /** One `<tr>` per row. */
  renderRow: (row: Row) => ReactNode;
  pageNo: number;
  onPageChange: (pageNo: number) => void;
}

/** A list endpoint's page as a table: its loading, error and empty states, the rows, and the pager below. */
export const PagedTable = <Row,>({
  query,
  emptyMessage,
  testId,
  columns,
  renderRow,
  pageNo,
  onPageChange,
}: PagedTableProps<Row>) => (
  <>
    <ListStates query={query} emptyMessage={emptyMessage} />
    {query.data && query.data.list.length > 0 ? (
      <>
        <DataTable columns={columns} testId={testId}>
          {query.data.list.map(renderRow)}
        </DataTable>
        <Pagination
          pageNo={pageNo}
          totalPages={query.data.totalPages}
          onChange={onPageChange}
          isDisabled={query.isFetching}
        />
      </>
    ) : null}
  </>
);
