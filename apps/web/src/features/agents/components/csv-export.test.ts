import { describe, expect, it } from 'vitest';
import { CSV_MAX_PAGES, collectPages, toCsv } from './csv-export';

describe('agent centre CSV export', () => {
  it('quotes commas, quotes and line breaks, and neutralises formulas in text cells only', () => {
    const csv = toCsv(
      [
        { header: 'Account', value: (row: { account: string; amount: string }) => row.account, isText: true },
        { header: 'Amount, USD', value: (row) => row.amount },
      ],
      [
        { account: '=cmd', amount: '-5.00' },
        { account: 'a"b', amount: '1,000.00' },
        { account: 'line\nbreak', amount: '0.00' },
      ],
    );
    expect(csv).toBe('\uFEFFAccount,"Amount, USD"\r\n\'=cmd,-5.00\r\n"a""b","1,000.00"\r\n"line\nbreak",0.00\r\n');
  });

  it('walks every page once and stops at the last', async () => {
    const asked: number[] = [];
    const result = await collectPages(async (pageNo) => {
      asked.push(pageNo);
      return { list: [pageNo * 10, pageNo * 10 + 1], totalPages: 3 };
    });
    expect(asked).toEqual([1, 2, 3]);
    expect(result).toEqual({ rows: [10, 11, 20, 21, 30, 31], truncated: false });
  });

  it('stops at the page cap and says the export was cut', async () => {
    const result = await collectPages(async () => ({ list: [1], totalPages: CSV_MAX_PAGES + 5 }));
    expect(result.rows).toHaveLength(CSV_MAX_PAGES);
    expect(result.truncated).toBe(true);
  });
});
