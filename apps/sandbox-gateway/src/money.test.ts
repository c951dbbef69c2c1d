import { describe, expect, it } from 'vitest';
import { formatAmount, isSupportedCurrency, MINOR_AMOUNT, minorDigits } from './money';

describe('money', () => {
  it('formats minor units with the currency’s own number of decimals', () => {
    expect(formatAmount('10000', 'USD')).toBe('$100.00');
    expect(formatAmount('5', 'USD')).toBe('$0.05');
    expect(formatAmount('5000', 'JPY')).toBe('¥5,000');
    expect(formatAmount('1234', 'BHD')).toBe('BHD\u00a01.234');
    expect(formatAmount('123456789012345', 'EUR')).toBe('€1,234,567,890,123.45');
    expect(minorDigits('JPY')).toBe(0);
  });

  it('knows ISO 4217 codes in capitals only', () => {
    expect(isSupportedCurrency('USD')).toBe(true);
    expect(isSupportedCurrency('usd')).toBe(false);
    expect(isSupportedCurrency('XYZ')).toBe(false);
    expect(isSupportedCurrency('US')).toBe(false);
  });

  it('takes amounts as positive integer strings of at most 15 digits', () => {
    for (const good of ['1', '10000', '999999999999999']) expect(MINOR_AMOUNT.test(good)).toBe(true);
    for (const bad of ['0', '010', '1.5', '-1', '1e3', ' 1', '1000000000000000', '']) {
      expect(MINOR_AMOUNT.test(bad)).toBe(false);
    }
  });
});
