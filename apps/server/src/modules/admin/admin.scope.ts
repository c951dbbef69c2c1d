import { AppError } from '../../platform/http/app-error';
import type { OperatorPrincipal } from '../../platform/http/context';
import type { MembersService } from '../members';
import type { MerchantsService } from '../merchants';
import { assertCan, assertMerchantInScope, type Permission } from './admin.policy';

/**
 * What a back-office route reaches through its path: a merchant the operator may act on with `permission`, and a
 * member of it. Out of scope, unknown, or another merchant's member: `not_found`, so existence does not leak.
 */
export const createAdminScope = (deps: { merchants: MerchantsService; members?: MembersService }) => ({
  merchantFor: async (operator: OperatorPrincipal, code: string, permission: Permission) => {
    assertCan(operator, permission);
    assertMerchantInScope(operator, code);
    return deps.merchants.resolve({ code, host: '' }).catch(() => {
      throw new AppError('not_found');
    });
  },

  memberOf: async (merchantCode: string, memberId: string) => {
    const member = await deps.members?.findById(memberId);
    if (!member || member.merchantCode !== merchantCode) throw new AppError('not_found');
    return member;
  },
});
