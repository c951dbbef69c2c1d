import { AppError } from '../../platform/http/app-error';
import type { MemberPrincipal } from '../../platform/http/context';
import type { RewardRow } from './rewards.repository';

/** A reward of another member (or none) answers as if it did not exist, so ids reveal nothing. */
export const assertOwnReward: (member: MemberPrincipal, row: RewardRow | null) => asserts row is RewardRow = (
  member,
  row,
) => {
  if (!row || row.memberId !== member.memberId || row.merchantCode !== member.merchantCode) {
    throw new AppError('not_found');
  }
};
