import { TRIAL_MEMBER_TYPE } from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { MemberPrincipal } from '../../platform/http/context';

/** Collections one member may attempt per minute, in every server process together (shared limiter). */
export const COLLECTS_PER_MINUTE = 6;
export const COLLECT_WINDOW_MS = 60_000;

/** The limiter's key of a member's collections. */
export const collectLimitKey = (memberId: string): string => `rebate:collect:${memberId}`;

/** Manual rebate is for real accounts: a trial (free-play) account gets the real-account answer. */
export const assertRealAccount = (member: MemberPrincipal): void => {
  if (member.type === TRIAL_MEMBER_TYPE) throw new AppError('in_need_true_account');
};
