import { describe, expect, it } from 'vitest';
import { amountPresets, validateAmount } from './amount-validation';

describe('validateAmount', () => {
  const rule = validateAmount({ currency: 'USD', min: '10.00', max: '10000.00' });

  it('accepts amounts inside the limits with the currency’s digits', () => {
    expect(rule('10')).toBe(true);
    expect(rule('10000.00')).toBe(true);
    expect(rule(' 250.5 ')).toBe(true);
  });

  it('names what is wrong with the same codes as the server', () => {
    expect(rule('')).toBe('not_empty');
    expect(rule('abc')).toBe('amount_not_numeric');
    expect(rule('0')).toBe('amount_not_positive');
    expect(rule('-5')).toBe('amount_not_positive');
    expect(rule('12.345')).toBe('amount_too_precise');
    expect(rule('9.99')).toBe('amount_below_minimum?min=10.00');
    expect(rule('10000.01')).toBe('amount_above_maximum?max=10000.00');
  });

  it('compares minor units exactly, and follows the currency’s digits', () => {
    const small = validateAmount({ currency: 'USD', min: '0.30', max: '9999999999999.99' });
    expect(small('0.3')).toBe(true);
    expect(small('0.29')).toBe('amount_below_minimum?min=0.30');
    expect(small('9999999999999.99')).toBe(true);
    expect(validateAmount({ currency: 'JPY' })('100.5')).toBe('amount_too_precise');
  });
});

describe('amountPresets', () => {
  it('offers round amounts inside the limits', () => {
    expect(amountPresets('50.00', '50000.00')).toEqual(['50', '100', '200', '500', '1000', '2000']);
    expect(amountPresets('10.00', '300.00')).toEqual(['10', '50', '100', '200']);
    expect(amountPresets('1000.00', '1500.00')).toEqual(['1000']);
  });
});
