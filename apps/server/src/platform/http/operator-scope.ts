import { AppError } from './app-error';
import type { OperatorPrincipal } from './context';

// Which role may do what is the contracts' role matrix, enforced by the registrar (decision 0047); what is left here
// is the scope of an operator over the records an endpoint reaches by id.

/** An operator scoped to one merchant sees nothing of another: answer as if it did not exist. */
export const assertMerchantInScope = (operator: OperatorPrincipal, merchantCode: string | null): void => {
  if (operator.merchantCode !== null && operator.merchantCode !== merchantCode) throw new AppError('not_found');
};

/** The merchants an operator may see: null for all. */
export const merchantScopeOf = (operator: OperatorPrincipal): string[] | null =>
  operator.merchantCode === null ? null : [operator.merchantCode];

/**
 * What a back-office route reaches through its path beyond the merchant the registrar hands it (decision 0047): a
 * member of that merchant. Unknown or another merchant's member: `not_found`, so existence does not leak.
 */
export const createAdminScope = <Member extends { merchantCode: string }>(deps: {
  members?: { findById: (memberId: string) => Promise<Member | null> };
}) => ({
  memberOf: async (merchantCode: string, memberId: string): Promise<Member> => {
    const member = await deps.members?.findById(memberId);
    if (!member || member.merchantCode !== merchantCode) throw new AppError('not_found');
    return member;
  },
});
