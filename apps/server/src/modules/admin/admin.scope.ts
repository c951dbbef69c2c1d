import { AppError } from '../../platform/http/app-error';
import type { MembersService } from '../members';

/**
 * What a back-office route reaches through its path beyond the merchant the registrar hands it (decision 0047): a
 * member of that merchant. Unknown or another merchant's member: `not_found`, so existence does not leak.
 */
export const createAdminScope = (deps: { members?: MembersService }) => ({
  memberOf: async (merchantCode: string, memberId: string) => {
    const member = await deps.members?.findById(memberId);
    if (!member || member.merchantCode !== merchantCode) throw new AppError('not_found');
    return member;
  },
});
