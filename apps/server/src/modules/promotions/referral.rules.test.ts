import { describe, expect, it } from 'vitest';
import {
  activeTermsOf,
  friendOfSourceKey,
  friendsToReward,
  hasQualified,
  type ReferralSettings,
  referralSourceKey,
} from './referral.rules';

const settings: ReferralSettings = {
  enabled: true,
  currency: 'USD',
  rewardPerFriend: 1_000n,
  qualifyingDeposits: 5_000n,
  maxRewardedFriends: null,
};
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));

describe('when the referral programme pays', () => {
  it('pays on its terms while it is switched on, the module is on and the settings are in the merchant’s currency', () => {
    expect(activeTermsOf(settings, { currency: 'USD', isModuleOn: true })).toEqual({
      currency: 'USD',
      rewardPerFriend: 1_000n,
      qualifyingDeposits: 5_000n,
      maxRewardedFriends: null,
    });
  });

  it('pays nothing without settings, switched off, with REFERRAL3 off, or in another currency', () => {
    expect(activeTermsOf(null, { currency: 'USD', isModuleOn: true })).toBeNull();
    expect(activeTermsOf({ ...settings, enabled: false }, { currency: 'USD', isModuleOn: true })).toBeNull();
    expect(activeTermsOf(settings, { currency: 'USD', isModuleOn: false })).toBeNull();
    expect(activeTermsOf(settings, { currency: 'EUR', isModuleOn: true })).toBeNull();
  });
});

describe('when a friend qualifies', () => {
  it('qualifies once its credited deposits reach the total, not a minor unit before', () => {
    expect(hasQualified(4_999n, 5_000n)).toBe(false);
    expect(hasQualified(5_000n, 5_000n)).toBe(true);
    expect(hasQualified(12_000n, 5_000n)).toBe(true);
    expect(hasQualified(0n, 1n)).toBe(false);
  });
});

describe('which friends are rewarded now', () => {
  const qualified = [
    { friendId: 'c', qualifiedAt: at(3) },
    { friendId: 'a', qualifiedAt: at(1) },
    { friendId: 'b', qualifiedAt: at(1) },
    { friendId: 'd', qualifiedAt: at(2) },
  ];

  it('rewards every qualified friend not yet rewarded, the first to qualify first', () => {
    expect(friendsToReward({ qualified, rewarded: new Set(), cap: null })).toEqual(['a', 'b', 'd', 'c']);
    expect(friendsToReward({ qualified, rewarded: new Set(['a', 'd']), cap: null })).toEqual(['b', 'c']);
    expect(friendsToReward({ qualified, rewarded: new Set(['a', 'b', 'c', 'd']), cap: null })).toEqual([]);
  });

  it('stops at the cap, counting the friends already rewarded', () => {
    expect(friendsToReward({ qualified, rewarded: new Set(), cap: 2 })).toEqual(['a', 'b']);
    expect(friendsToReward({ qualified, rewarded: new Set(['a']), cap: 2 })).toEqual(['b']);
    expect(friendsToReward({ qualified, rewarded: new Set(['a', 'b']), cap: 2 })).toEqual([]);
    // A cap lowered below what was already rewarded takes nothing back and grants nothing more.
    expect(friendsToReward({ qualified, rewarded: new Set(['a', 'b', 'c']), cap: 1 })).toEqual([]);
  });

  it('keys each reward by its friend, and reads the friend back from the key', () => {
    expect(referralSourceKey('f-1')).toBe('referral:f-1');
    expect(friendOfSourceKey(referralSourceKey('f-1'))).toBe('f-1');
    expect(() => friendOfSourceKey('vip-upgrade:m:2')).toThrow(/not a referral source key/);
  });
});
