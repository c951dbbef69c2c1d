import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money';

describe('formatMoney', () => {
  it('groups digits and shows the currency in the reader’s language', () => {
    expect(formatMoney('1234.5', 'USD', 'EN')).toBe('$1,234.50');
    expect(formatMoney('1234.50', 'USD', 'CN')).toBe('US$1,234.50');
  });

  it('keeps the currency sign whole in right-to-left languages', () => {
    expect(formatMoney('1234.5', 'USD', 'AR')).toBe('\u200f1,234.50\u00a0\u2066US$\u2069');
  });

  it('keeps every digit of amounts beyond floating-point precision', () => {
    expect(formatMoney('90071992547409.93', 'USD', 'EN')).toBe('$90,071,992,547,409.93');
  });

  it('falls back to the bare amount for an unknown currency code', () => {
    expect(formatMoney('1.00', 'NOT A CODE', 'EN')).toBe('1.00 NOT A CODE');
  });
});

describe('formatMoney, narrow', () => {
  it('takes the shortest sign of the currency, in the reader’s own order', () => {
    expect(formatMoney('1234.5', 'USD', 'EN', { narrow: true })).toBe('$1,234.50');
    expect(formatMoney('1234.5', 'USD', 'CN', { narrow: true })).toBe('$1,234.50');
    expect(formatMoney('1234.5', 'USD', 'AR', { narrow: true })).toBe('\u200f1,234.50\u00a0\u2066$\u2069');
  });

  it('keeps a sign that has no shorter form', () => {
    expect(formatMoney('1234.5', 'EUR', 'EN', { narrow: true })).toBe('€1,234.50');
  });
});
