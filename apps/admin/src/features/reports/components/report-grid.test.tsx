// @vitest-environment happy-dom
import type { ReportTable } from '@tessera/contracts';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ReportGrid, ROW_HEIGHT } from './report-grid';

/**
 * The report table renders a window of its rows (issue 26: tables that stay fast with 100,000 rows). The DOM here
 * has no layout, so the scrolling box is given a height (600 px) the way a browser's layout would.
 */
const VIEWPORT = 600;
const ROWS = 100_000;

const table: ReportTable = {
  report: 'players',
  currency: 'USD',
  columns: [
    { key: 'member', kind: 'text' },
    { key: 'stakes', kind: 'money' },
  ],
  rows: Array.from({ length: ROWS }, (_, i) => [`member-${i}`, `${i}.00`]),
  totals: ['', '4999950000.00'],
  pageNo: 1,
  totalPages: 1,
  total: ROWS,
};

let root: Root | undefined;
let host: HTMLDivElement | undefined;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get() {
      return VIEWPORT;
    },
  });
});

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
});

const bodyRows = () =>
  [...document.querySelectorAll<HTMLTableRowElement>('[data-testid="report-table"] tbody tr')].filter(
    (row) => !row.hasAttribute('aria-hidden'),
  );
const firstCells = () => bodyRows().map((row) => row.cells[0]?.textContent);

describe('ReportGrid', () => {
  it('keeps only a window of 100,000 rows in the DOM, and scrolling brings in later rows', async () => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    await act(async () => root?.render(<ReportGrid table={table} />));

    const visible = Math.ceil(VIEWPORT / ROW_HEIGHT);
    const first = firstCells();
    expect(first[0]).toBe('member-0');
    expect(first.length).toBeGreaterThanOrEqual(visible);
    expect(first.length).toBeLessThan(100);
    // The spacer below stands for every row not rendered.
    const spacer = document.querySelector<HTMLTableRowElement>('tbody tr[aria-hidden]:last-child');
    expect(Number.parseInt(spacer?.style.height ?? '0', 10)).toBeGreaterThan((ROWS - 100) * ROW_HEIGHT);

    const scroller = document.querySelector<HTMLElement>('[data-testid="report-table"]')?.parentElement;
    if (!scroller) throw new Error('no scrolling box');
    await act(async () => {
      scroller.scrollTop = 75_000 * ROW_HEIGHT;
      scroller.dispatchEvent(new Event('scroll'));
    });
    const later = firstCells();
    expect(later).toContain('member-75000');
    expect(later).not.toContain('member-0');
    expect(later.length).toBeLessThan(100);
    expect(document.querySelectorAll('tbody tr').length).toBeLessThan(102);
  });
});
