/**
 * CSV exports of the agent centre's lists, built in the browser by walking the same paged endpoint the page shows
 * (decision 0073): what the file holds is what the pages hold, under the same filters and ownership checks.
 */

/** The most pages one export reads (50 rows each): 10,000 rows. */
export const CSV_MAX_PAGES = 200;
export const CSV_PAGE_SIZE = 50;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | null;
  /** Free text a member chose (an account): a leading = + - @ is neutralised so spreadsheets read no formula. */
  isText?: boolean;
}

const quote = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** One CSV document (RFC 4180, CRLF) with a header row; a byte-order mark so spreadsheets read UTF-8. */
export const toCsv = <Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string => {
  const cell = (column: CsvColumn<Row>, row: Row) => {
    const value = column.value(row);
    const text = value === null ? '' : String(value);
    return quote(column.isText && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
  };
  const lines = [
    columns.map((column) => quote(column.header)).join(','),
    ...rows.map((row) => columns.map((column) => cell(column, row)).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
};

/** Every row of a paged list, page by page, up to CSV_MAX_PAGES; `truncated` when more remained. */
export const collectPages = async <Row>(
  fetchPage: (pageNo: number, pageSize: number) => Promise<{ list: readonly Row[]; totalPages: number }>,
): Promise<{ rows: Row[]; truncated: boolean }> => {
  const rows: Row[] = [];
  for (let pageNo = 1; pageNo <= CSV_MAX_PAGES; pageNo++) {
    const page = await fetchPage(pageNo, CSV_PAGE_SIZE);
    rows.push(...page.list);
    if (pageNo >= page.totalPages) return { rows, truncated: false };
  }
  return { rows, truncated: true };
};

/** Hands a CSV document to the browser as a download. */
export const downloadCsv = (fileName: string, csv: string): void => {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
