import { randomUUID } from 'node:crypto';
import { rewardsEndpoints, TRIAL_MEMBER_TYPE } from '@tessera/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMemberAccess } from '../../platform/http/access';
import type { MemberPrincipal } from '../../platform/http/context';
import { assertOwnReward } from './rewards.policy';
import type { RewardRow } from './rewards.repository';
import { rewardReference } from './rewards.service';

const member = (overrides: Partial<MemberPrincipal> = {}): MemberPrincipal => ({
  memberId: randomUUID(),
  merchantCode: 'demo',
  sessionId: randomUUID(),
  type: 0,
  ...overrides,
});

const rewardOf = (owner: MemberPrincipal, overrides: Partial<RewardRow> = {}): RewardRow => ({
  id: randomUUID(),
  merchantCode: owner.merchantCode,
  memberId: owner.memberId,
  kind: 'VIP_UPGRADE',
  sourceKey: `vip-upgrade:${owner.memberId}:1`,
  amount: 100n,
  currency: 'USD',
  status: 'available',
  params: {},
  createdAt: new Date(),
  claimedAt: null,
  ledgerTransactionId: null,
  ...overrides,
});

describe('who may claim a reward', () => {
  it('refuses a trial account with the real-account error, and lets members and agents claim', () => {
    // The claim endpoint's access rule, as the registrar enforces it (decision 0047).
    const mayClaim = (type: number) => checkMemberAccess(rewardsEndpoints.claim.access, member({ type }));
    expect(() => mayClaim(TRIAL_MEMBER_TYPE)).toThrow('in_need_true_account');
    for (const type of [0, 1, 2, 41, 42]) expect(() => mayClaim(type)).not.toThrow();
  });

  it('answers not_found for no reward, another member’s and another merchant’s', () => {
    const me = member();
    expect(() => assertOwnReward(me, rewardOf(me))).not.toThrow();
    expect(() => assertOwnReward(me, null)).toThrow('not_found');
    expect(() => assertOwnReward(me, rewardOf(member()))).toThrow('not_found');
    expect(() => assertOwnReward(me, rewardOf(me, { merchantCode: 'other' }))).toThrow('not_found');
  });
});

describe('a claim’s reference', () => {
  it('is R and the first 12 hex digits of the reward id, upper case, the same every time', () => {
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        const reference = rewardReference(id);
        expect(reference).toMatch(/^R[0-9A-F]{12}$/);
        expect(reference).toBe(`R${id.replace(/-/g, '').slice(0, 12).toUpperCase()}`);
        expect(rewardReference(id.toUpperCase())).toBe(reference);
      }),
    );
  });
});
