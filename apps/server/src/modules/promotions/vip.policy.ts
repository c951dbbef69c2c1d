import { TRIAL_MEMBER_TYPE } from '@tessera/contracts';
import type { MemberPrincipal, MerchantContext } from '../../platform/http/context';

/** Who takes part in the VIP programme: members and agents of a merchant with VIP3 on, never a free-play trial. */
export const takesPartInVip = (merchant: MerchantContext, member: MemberPrincipal): boolean =>
  merchant.modules.VIP3 === true && member.type !== TRIAL_MEMBER_TYPE;
