import { TRIAL_MEMBER_TYPE } from '@tessera/contracts';
import type { MemberPrincipal } from '../../platform/http/context';

/** A free-play trial account plays with no real money: it neither refers friends nor earns for them. */
export const mayEarn = (member: Pick<MemberPrincipal, 'type'>): boolean => member.type !== TRIAL_MEMBER_TYPE;
