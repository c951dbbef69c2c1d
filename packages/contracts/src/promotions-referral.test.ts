import { describe, expect, it } from 'vitest';
import { issuesToFieldErrors } from './field-errors';
import {
  REFERRAL_CAP_MAX,
  referralSettingsToMinor,
  updateReferralSettingsSchema,
  updateReferralSettingsSchemaFor,
} from './promotions-referral';

const valid = { enabled: true, rewardPerFriend: '10', qualifyingDeposits: '50.00', maxRewardedFriends: '' };

const errorsOf = (currency: string, settings: Record<string, unknown>) => {
  const result = updateReferralSettingsSchemaFor(currency).safeParse(settings);
  return result.success ? [] : issuesToFieldErrors(result.error.issues);
};

describe('the referral programme as the back office sets it', () => {
  it('accepts amounts in the currency’s digits, with or without a cap, and turns them into minor units', () => {
    expect(errorsOf('USD', valid)).toEqual([]);
    expect(
      errorsOf('JPY', { ...valid, rewardPerFriend: '500', qualifyingDeposits: '3000', maxRewardedFriends: '5' }),
    ).toEqual([]);
    expect(referralSettingsToMinor({ ...valid, maxRewardedFriends: ' 25 ' }, 'USD')).toEqual({
      enabled: true,
      rewardPerFriend: 1_000n,
      qualifyingDeposits: 5_000n,
      maxRewardedFriends: 25,
    });
    expect(referralSettingsToMinor(valid, 'USD').maxRewardedFriends).toBeNull();
  });

  it('names each bad field on its own', () => {
    expect(
      errorsOf('USD', { enabled: 'yes', rewardPerFriend: '0.001', qualifyingDeposits: '', maxRewardedFriends: 'x' }),
    ).toEqual([
      { path: 'enabled', code: 'field_invalid' },
      { path: 'rewardPerFriend', code: 'amount_too_precise' },
      { path: 'qualifyingDeposits', code: 'not_empty', params: { min: 1 } },
      { path: 'maxRewardedFriends', code: 'field_invalid' },
    ]);
    expect(errorsOf('JPY', { ...valid, rewardPerFriend: '0.5', qualifyingDeposits: '-1' })).toEqual([
      { path: 'rewardPerFriend', code: 'amount_too_precise' },
      { path: 'qualifyingDeposits', code: 'amount_not_positive' },
    ]);
  });

  it('keeps the cap between 1 and the maximum, and the amounts below their bound', () => {
    expect(errorsOf('USD', { ...valid, maxRewardedFriends: '0' })).toEqual([
      { path: 'maxRewardedFriends', code: 'field_too_small', params: { min: 1 } },
    ]);
    expect(errorsOf('USD', { ...valid, maxRewardedFriends: String(REFERRAL_CAP_MAX + 1) })).toEqual([
      { path: 'maxRewardedFriends', code: 'field_too_large', params: { max: REFERRAL_CAP_MAX } },
    ]);
    expect(errorsOf('USD', { ...valid, maxRewardedFriends: '2.5' })[0]?.code).toBe('field_invalid');
    expect(errorsOf('USD', { ...valid, rewardPerFriend: '10000000000.01' })).toEqual([
      { path: 'rewardPerFriend', code: 'field_too_large', params: { max: '10000000000.00' } },
    ]);
  });

  it('takes only the known fields on the wire, whatever the currency', () => {
    expect(updateReferralSettingsSchema.safeParse({ ...valid, bonus: '1' }).success).toBe(false);
    expect(updateReferralSettingsSchema.safeParse(valid).success).toBe(true);
  });
});
