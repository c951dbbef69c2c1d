import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { issuesToFieldErrors } from './field-errors';
import { formatMinor } from './money';
import { type VipLevelContext, vipLevelSchemaFor, vipLevelValuesOf } from './promotions-vip-admin';

const usd: VipLevelContext = { currency: 'USD', defaultLanguage: 'EN', supportedLanguages: ['EN', 'CN', 'AR'] };
const input = (overrides: Record<string, unknown> = {}) => ({
  names: { EN: 'Gold' },
  depositRequirement: '2000',
  validBetRequirement: '10000',
  upgradeBonus: '58',
  benefits: {},
  ...overrides,
});
const errorsOf = (context: VipLevelContext, value: unknown) => {
  const judged = vipLevelSchemaFor(context).safeParse(value);
  return judged.success ? [] : issuesToFieldErrors(judged.error.issues);
};

describe('a VIP level as the back office and the server judge it', () => {
  it('accepts zero requirements and bonus, and stores trimmed names and benefit lines without empty ones', () => {
    const level = input({
      names: { EN: ' Gold ', CN: '', AR: 'ذهبي' },
      depositRequirement: '0',
      validBetRequirement: '0.00',
      upgradeBonus: '0',
      benefits: { EN: ' Faster withdrawals \n\n  Birthday gift ', CN: '  ' },
    });
    expect(errorsOf(usd, level)).toEqual([]);
    expect(vipLevelValuesOf(level, 'USD')).toEqual({
      names: { EN: 'Gold', AR: 'ذهبي' },
      benefits: { EN: ['Faster withdrawals', 'Birthday gift'] },
      depositRequirement: 0n,
      validBetRequirement: 0n,
      upgradeBonus: 0n,
    });
  });

  it('needs a name in the default language and takes names only in the merchant’s languages', () => {
    expect(errorsOf(usd, input({ names: { CN: '黄金', JA: 'ゴールド' } }))).toEqual([
      { path: 'names.JA', code: 'field_not_allowed' },
      { path: 'names.EN', code: 'not_empty' },
    ]);
  });

  it('keeps each requirement between the levels around it, naming the bound', () => {
    const between = {
      ...usd,
      lower: { depositRequirement: 50_000n, validBetRequirement: 200_000n },
      higher: { depositRequirement: 1_000_000n, validBetRequirement: 5_000_000n },
    };
    expect(errorsOf(between, input({ depositRequirement: '499.99', validBetRequirement: '50000.01' }))).toEqual([
      { path: 'depositRequirement', code: 'vip_below_lower_level', params: { min: '500.00' } },
      { path: 'validBetRequirement', code: 'vip_above_higher_level', params: { max: '50000.00' } },
    ]);
    expect(errorsOf(between, input({ depositRequirement: '500', validBetRequirement: '50000' }))).toEqual([]);
  });

  it('reads back every amount it accepts, in any currency’s digits', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('USD', 'JPY', 'KWD'),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        (currency, deposit, bets, bonus) => {
          const level = input({
            depositRequirement: formatMinor(deposit, currency),
            validBetRequirement: formatMinor(bets, currency),
            upgradeBonus: formatMinor(bonus, currency),
          });
          expect(errorsOf({ ...usd, currency }, level)).toEqual([]);
          expect(vipLevelValuesOf(level, currency)).toMatchObject({
            depositRequirement: deposit,
            validBetRequirement: bets,
            upgradeBonus: bonus,
          });
        },
      ),
    );
  });

  it('refuses an amount above the cap with the cap as its bound', () => {
    expect(errorsOf(usd, input({ upgradeBonus: '10000000000.01' }))).toEqual([
      { path: 'upgradeBonus', code: 'field_too_large', params: { max: '10000000000.00' } },
    ]);
  });
});
