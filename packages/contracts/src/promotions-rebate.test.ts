import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { issuesToFieldErrors } from './field-errors';
import { type GameCategory, gameCategories } from './games';
import {
  formatRebateRate,
  parseRebateRate,
  REBATE_RATE_MAX_PPM,
  rebateSettingsToMinor,
  updateRebateSettingsSchemaFor,
} from './promotions-rebate';

const rates = (rate: string) =>
  Object.fromEntries(gameCategories.map((category) => [category, rate])) as Record<GameCategory, string>;
const judge = (input: unknown, currency = 'USD') => {
  const result = updateRebateSettingsSchemaFor(currency).safeParse(input);
  return result.success ? [] : issuesToFieldErrors(result.error.issues);
};

describe('rebate rates', () => {
  it('reads a percentage with up to four decimals as parts per million', () => {
    expect(parseRebateRate('0.8')).toEqual({ ok: true, ppm: 8_000 });
    expect(parseRebateRate(' 1.25 ')).toEqual({ ok: true, ppm: 12_500 });
    expect(parseRebateRate('0.0001')).toEqual({ ok: true, ppm: 1 });
    expect(parseRebateRate('0')).toEqual({ ok: true, ppm: 0 });
    expect(parseRebateRate('10')).toEqual({ ok: true, ppm: REBATE_RATE_MAX_PPM });
    expect(parseRebateRate('0.50000')).toEqual({ ok: true, ppm: 5_000 });
  });

  it('names what is wrong with a rate', () => {
    expect(parseRebateRate('abc')).toEqual({ ok: false, error: 'field_invalid' });
    expect(parseRebateRate('-1')).toEqual({ ok: false, error: 'field_invalid' });
    expect(parseRebateRate('1e2')).toEqual({ ok: false, error: 'field_invalid' });
    expect(parseRebateRate('0.00001')).toEqual({ ok: false, error: 'rebate_rate_too_precise' });
    expect(parseRebateRate('10.0001')).toEqual({ ok: false, error: 'field_too_large' });
    expect(parseRebateRate('99999999999999999999')).toEqual({ ok: false, error: 'field_too_large' });
  });

  it('writes ppm with at least two decimals and reads it back unchanged', () => {
    expect(formatRebateRate(8_000)).toBe('0.80');
    expect(formatRebateRate(1_250)).toBe('0.125');
    expect(formatRebateRate(0)).toBe('0.00');
    expect(formatRebateRate(1)).toBe('0.0001');
    expect(formatRebateRate(REBATE_RATE_MAX_PPM)).toBe('10.00');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: REBATE_RATE_MAX_PPM }), (ppm) => {
        expect(parseRebateRate(formatRebateRate(ppm))).toEqual({ ok: true, ppm });
      }),
    );
  });
});

describe('rebate settings as the back office sends them', () => {
  it('accepts every category’s rate, a minimum and an optional maximum, and gives them in ppm and minor units', () => {
    const input = { rates: { ...rates('0.5'), INHOUSE: '1.2' }, minimum: '1', maximum: '' };
    expect(judge(input)).toEqual([]);
    const minor = rebateSettingsToMinor(input, 'USD');
    expect(minor).toMatchObject({ minimum: 100n, maximum: null });
    expect(minor.ratesPpm.INHOUSE).toBe(12_000);
    expect(minor.ratesPpm.LIVE).toBe(5_000);
    expect(rebateSettingsToMinor({ ...input, maximum: '250.5' }, 'USD').maximum).toBe(25_050n);
  });

  it('reports each bad field with its own code, and a maximum below the minimum with the minimum', () => {
    expect(
      judge({ rates: { ...rates('0.5'), RNG: '12', LIVE: '0.123456', FISH: 'x' }, minimum: '0.001', maximum: '-2' }),
    ).toEqual([
      { path: 'rates.RNG', code: 'field_too_large', params: { max: '10.00' } },
      { path: 'rates.LIVE', code: 'rebate_rate_too_precise' },
      { path: 'rates.FISH', code: 'field_invalid' },
      { path: 'minimum', code: 'amount_too_precise' },
      { path: 'maximum', code: 'amount_not_positive' },
    ]);
    expect(judge({ rates: rates('1'), minimum: '50', maximum: '20' })).toEqual([
      { path: 'maximum', code: 'rebate_maximum_below_minimum', params: { min: '50.00' } },
    ]);
    expect(judge({ rates: rates('1'), minimum: '0.5', maximum: '' }, 'JPY')).toEqual([
      { path: 'minimum', code: 'amount_too_precise' },
    ]);
  });

  it('needs every category and no other', () => {
    const { COCKFIGHT: _left, ...fewer } = rates('1');
    expect(judge({ rates: fewer, minimum: '1', maximum: '' })).toEqual([
      { path: 'rates.COCKFIGHT', code: 'not_empty' },
    ]);
    expect(judge({ rates: { ...rates('1'), POKER: '1' }, minimum: '1', maximum: '' })).toEqual([
      { path: 'rates.POKER', code: 'field_unknown' },
    ]);
    expect(judge({ rates: rates('1'), minimum: '', maximum: '' })).toMatchObject([
      { path: 'minimum', code: 'not_empty' },
    ]);
  });
});
