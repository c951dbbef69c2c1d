import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyExponent, formatMinor, MAX_MINOR_AMOUNT, parseMoney } from './money';

describe('money', () => {
  it('knows the currencies’ minor digits', () => {
    expect(currencyExponent('USD')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('VND')).toBe(0);
    expect(currencyExponent('KWD')).toBe(3);
  });

  it('parses what a person types into minor units', () => {
    expect(parseMoney('100', 'USD')).toEqual({ ok: true, minor: 10_000n });
    expect(parseMoney(' 12.5 ', 'USD')).toEqual({ ok: true, minor: 1_250n });
    expect(parseMoney('0.01', 'USD')).toEqual({ ok: true, minor: 1n });
    expect(parseMoney('5000', 'JPY')).toEqual({ ok: true, minor: 5_000n });
    expect(parseMoney('1.230', 'USD')).toEqual({ ok: true, minor: 123n });
  });

  it('names each kind of bad amount', () => {
    expect(parseMoney('abc', 'USD')).toEqual({ ok: false, error: 'amount_not_numeric' });
    expect(parseMoney('1e5', 'USD')).toEqual({ ok: false, error: 'amount_not_numeric' });
    expect(parseMoney('', 'USD')).toEqual({ ok: false, error: 'amount_not_numeric' });
    expect(parseMoney('0', 'USD')).toEqual({ ok: false, error: 'amount_not_positive' });
    expect(parseMoney('-5', 'USD')).toEqual({ ok: false, error: 'amount_not_positive' });
    expect(parseMoney('1.234', 'USD')).toEqual({ ok: false, error: 'amount_too_precise' });
    expect(parseMoney('10.5', 'JPY')).toEqual({ ok: false, error: 'amount_too_precise' });
    expect(parseMoney('99999999999999999', 'USD')).toEqual({ ok: false, error: 'amount_too_large' });
  });

  it('round-trips every amount through its wire form', () => {
    fc.assert(
      fc.property(fc.bigInt(1n, MAX_MINOR_AMOUNT), fc.constantFrom('USD', 'JPY', 'KWD', 'EUR'), (minor, currency) => {
        expect(parseMoney(formatMinor(minor, currency), currency)).toEqual({ ok: true, minor });
      }),
    );
    expect(formatMinor(-1_250n, 'USD')).toBe('-12.50');
    expect(formatMinor(7n, 'USD')).toBe('0.07');
  });
});
