import { TRIAL_MEMBER_TYPE } from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { MemberPrincipal } from '../../platform/http/context';
import type { RewardRow } from './rewards.repository';

/** A free-play trial account plays with no real money: it may not take any into its wallet (spec section 6). */
export const assertMayClaim = (member: MemberPrincipal): void => {
  if (member.type === TRIAL_MEMBER_TYPE) throw new AppError('in_need_true_account');
};

/** A reward of another member (or none) answers as if it did not exist, so ids reveal nothing. */
export const assertOwnReward: (member: MemberPrincipal, row: RewardRow | null) => asserts row is RewardRow = (
  member,
  row,
) => {
  if (!row || row.memberId !== member.memberId || row.merchantCode !== member.merchantCode) {
    throw new AppError('not_found');
  }
};
