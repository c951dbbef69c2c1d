import type { ReactNode } from 'react';
import table from './data-table.module.css';

export interface DataTableProps {
  /** The column headings, in order (each row's cells give them as `data-label` for the phone layout). */
  columns: readonly string[];
  testId?: string;
  /** The `<tr>` rows. */
  children: ReactNode;
}

/** A dense table with its headings; below 720 px each row becomes a card. */
export const DataTable = ({ columns, testId, children }: DataTableProps) => (
  <div className={table.wrap}>
    <table className={table.table} data-testid={testId}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  </div>
);
