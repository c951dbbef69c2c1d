import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { issuesToFieldErrors } from './field-errors';
import {
  INHOUSE_LIMIT_MAX_MINOR,
  inhouseLimitsSchemaFor,
  inhouseLimitsToMinor,
  updateInhouseLimitsSchema,
  updateInhouseLimitsSchemaFor,
} from './inhouse-admin';
import { formatMinor } from './money';

const errorsOf = (currency: string, limits: Record<string, unknown>) => {
  const result = updateInhouseLimitsSchemaFor(currency).safeParse({ limits }, { reportInput: true });
  return result.success
    ? []
    : issuesToFieldErrors(result.error.issues).map(({ path, code, params }) => ({
        path,
        code,
        ...(params && code !== 'not_empty' ? { params } : {}),
      }));
};

describe('in-house limits as the back office sets them', () => {
  it('accepts one game or several, in the currency’s digits', () => {
    expect(errorsOf('USD', { dice: { minStake: '0.10', maxStake: '500', maxPayout: '50000' } })).toEqual([]);
    expect(
      errorsOf('JPY', {
        crash: { minStake: '10', maxStake: '10', maxPayout: '10' },
        slot: { minStake: '1', maxStake: '100000', maxPayout: '10000000' },
      }),
    ).toEqual([]);
  });

  it('names each bad amount on its own field', () => {
    expect(errorsOf('USD', { dice: { minStake: '0.005', maxStake: 'ten', maxPayout: '-3' } })).toEqual([
      { path: 'limits.dice.minStake', code: 'amount_too_precise' },
      { path: 'limits.dice.maxStake', code: 'amount_not_numeric' },
      { path: 'limits.dice.maxPayout', code: 'amount_not_positive' },
    ]);
    expect(errorsOf('JPY', { keno: { minStake: '0', maxStake: '1.5', maxPayout: '' } })).toEqual([
      { path: 'limits.keno.minStake', code: 'amount_not_positive' },
      { path: 'limits.keno.maxStake', code: 'amount_too_precise' },
      { path: 'limits.keno.maxPayout', code: 'not_empty' },
    ]);
  });

  it('refuses a maximum stake below the minimum and a maximum payout below the maximum stake, with the bound', () => {
    expect(errorsOf('USD', { mines: { minStake: '5', maxStake: '4.99', maxPayout: '1' } })).toEqual([
      { path: 'limits.mines.maxStake', code: 'inhouse_max_stake_below_min', params: { min: '5.00' } },
      { path: 'limits.mines.maxPayout', code: 'inhouse_max_payout_below_stake', params: { min: '4.99' } },
    ]);
  });

  it('compares two amounts that are valid even when the third is not', () => {
    expect(errorsOf('USD', { dice: { minStake: '0.10', maxStake: '0.05', maxPayout: '100.005' } })).toEqual([
      { path: 'limits.dice.maxPayout', code: 'amount_too_precise' },
      { path: 'limits.dice.maxStake', code: 'inhouse_max_stake_below_min', params: { min: '0.10' } },
    ]);
    expect(errorsOf('USD', { dice: { minStake: 'x', maxStake: '9', maxPayout: '8' } })).toEqual([
      { path: 'limits.dice.minStake', code: 'amount_not_numeric' },
      { path: 'limits.dice.maxPayout', code: 'inhouse_max_payout_below_stake', params: { min: '9.00' } },
    ]);
  });

  it('caps every amount at the platform’s upper bound, named in the currency', () => {
    const max = formatMinor(INHOUSE_LIMIT_MAX_MINOR, 'USD');
    expect(errorsOf('USD', { plinko: { minStake: '1', maxStake: '2', maxPayout: max } })).toEqual([]);
    expect(errorsOf('USD', { plinko: { minStake: '1', maxStake: '2', maxPayout: `${max.slice(0, -1)}1` } })).toEqual([
      { path: 'limits.plinko.maxPayout', code: 'field_too_large', params: { max } },
    ]);
    expect(errorsOf('USD', { plinko: { minStake: '1', maxStake: '2', maxPayout: '9'.repeat(30) } })).toEqual([
      { path: 'limits.plinko.maxPayout', code: 'field_too_large', params: { max } },
    ]);
  });

  it('refuses an unknown game, an empty update and missing fields', () => {
    expect(updateInhouseLimitsSchema.safeParse({ limits: {} }).success).toBe(false);
    expect(errorsOf('USD', { roulette: { minStake: '1', maxStake: '2', maxPayout: '3' } })).toContainEqual({
      path: 'limits.roulette',
      code: 'field_unknown',
    });
    expect(errorsOf('USD', { limbo: { minStake: '1', maxStake: '2' } })).toEqual([
      { path: 'limits.limbo.maxPayout', code: 'not_empty' },
    ]);
  });

  it('passes exactly the ordered triples, and reads them back to the same minor units', () => {
    const amount = fc.bigInt({ min: 1n, max: INHOUSE_LIMIT_MAX_MINOR });
    fc.assert(
      fc.property(amount, amount, amount, (a, b, c) => {
        const limits = {
          minStake: formatMinor(a, 'USD'),
          maxStake: formatMinor(b, 'USD'),
          maxPayout: formatMinor(c, 'USD'),
        };
        const ok = inhouseLimitsSchemaFor('USD').safeParse(limits).success;
        expect(ok).toBe(a <= b && b <= c);
        if (ok) expect(inhouseLimitsToMinor(limits, 'USD')).toEqual({ minStake: a, maxStake: b, maxPayout: c });
      }),
    );
  });
});
