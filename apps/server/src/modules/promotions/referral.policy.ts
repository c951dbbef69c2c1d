import { TRIAL_MEMBER_TYPE } from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { MemberPrincipal } from '../../platform/http/context';

/** A free-play trial account plays with no real money: it neither refers friends nor earns for them. */
export const mayEarn = (member: Pick<MemberPrincipal, 'type'>): boolean => member.type !== TRIAL_MEMBER_TYPE;

/** The invite page is a real account's: a trial one gets the real-account error (spec section 6). */
export const assertMayRefer = (member: MemberPrincipal): void => {
  if (!mayEarn(member)) throw new AppError('in_need_true_account');
};
