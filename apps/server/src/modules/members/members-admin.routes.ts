import { randomBytes } from 'node:crypto';
import { type AdminMember, adminMembersEndpoints } from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import { assertMerchantInScope, merchantScopeOf } from '../../platform/http/operator-scope';
import type { Registrar } from '../../platform/http/registrar';
import type { AdminService } from '../admin';
import { presentFlag, presentLogin, presentNote } from './members.presenter';
import type { MemberRow } from './members.repository';
import type { MembersService } from './members.service';

const presentMember = (row: MemberRow): AdminMember => ({
  id: row.id,
  merchantCode: row.merchantCode,
  account: row.account,
  nickname: row.nickname,
  type: row.type,
  mobile: row.mobileNumber ? `+${row.mobileDialingCode ?? ''} ${row.mobileNumber}` : null,
  email: row.email,
  payeeName: row.payeeName,
  locked: row.lockedAt !== null,
  mustChangePassword: row.mustChangePassword,
  twoFactorEnabled: row.totpEnabled,
  createdAt: row.createdAt.toISOString(),
  lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  country: row.country,
});

/** A temporary password that satisfies any sensible rule: letters and digits, 12 characters. */
const temporaryPassword = (): string => {
  const letters = 'abcdefghjkmnpqrstuvwxyz';
  const digits = '23456789';
  const bytes = randomBytes(12);
  return Array.from(bytes, (b, i) => (i % 3 === 2 ? digits[b % digits.length] : letters[b % letters.length])).join('');
};

export const registerMembersAdminRoutes = (
  r: Registrar,
  deps: {
    admin: AdminService;
    members: MembersService;
    /** The session module's revocation (typed here: session reads members, so members does not import it). */
    session: { revokeAllSessions: (memberId: string) => Promise<unknown> };
  },
): void => {
  const { admin, members, session } = deps;

  const memberInScope = async (operator: Parameters<typeof assertMerchantInScope>[0], id: string) => {
    const member = await members.findById(id);
    if (!member) throw new AppError('not_found');
    assertMerchantInScope(operator, member.merchantCode);
    return member;
  };

  r.admin(adminMembersEndpoints.listMembers, async ({ input, ctx }) => {
    return (await members.search(merchantScopeOf(ctx.operator), input.q, 50)).map(presentMember);
  });

  r.admin(adminMembersEndpoints.getMember, async ({ params, ctx }) => {
    const member = await memberInScope(ctx.operator, params.id);
    const logins = await members.listLogins(member.id, 50);
    return {
      member: presentMember(member),
      logins: logins.map(presentLogin),
    };
  });

  r.admin(adminMembersEndpoints.lockMember, async ({ params, input, ctx }) => {
    const member = await memberInScope(ctx.operator, params.id);
    const updated = await members.update(member.id, { lockedAt: input.locked ? new Date() : null });
    if (!updated) throw new AppError('not_found');
    if (input.locked) await session.revokeAllSessions(member.id);
    await admin.audit(
      { operator: ctx.operator, caller: ctx },
      {
        action: input.locked ? 'member.lock' : 'member.unlock',
        target: member.account,
        merchantCode: member.merchantCode,
        details: { memberId: member.id, reason: input.reason },
      },
    );
    return presentMember(updated);
  });

  r.admin(adminMembersEndpoints.resetMemberPassword, async ({ params, input, ctx }) => {
    const member = await memberInScope(ctx.operator, params.id);
    const password = temporaryPassword();
    await members.setPassword(member.id, password, { mustChange: true });
    await session.revokeAllSessions(member.id);
    await admin.audit(
      { operator: ctx.operator, caller: ctx },
      {
        action: 'member.reset_password',
        target: member.account,
        merchantCode: member.merchantCode,
        details: { memberId: member.id, reason: input.reason },
      },
    );
    return { temporaryPassword: password };
  });

  r.admin(adminMembersEndpoints.addMemberNote, async ({ params, input, ctx }) => {
    const member = await memberInScope(ctx.operator, params.id);
    const row = await members.addNote(
      {
        memberId: member.id,
        body: input.body,
        operatorId: ctx.operator.operatorId,
        operatorUsername: ctx.operator.username,
      },
      (client) =>
        admin.auditWith(
          client,
          { operator: ctx.operator, caller: ctx },
          {
            action: 'member.note',
            target: member.account,
            merchantCode: member.merchantCode,
            details: { memberId: member.id },
          },
        ),
    );
    return presentNote(row);
  });

  r.admin(adminMembersEndpoints.setMemberFlag, async ({ params, input, ctx }) => {
    const member = await memberInScope(ctx.operator, params.id);
    const rows = await members.setFlag(
      { memberId: member.id, ...input, operatorUsername: ctx.operator.username },
      (client) =>
        admin.auditWith(
          client,
          { operator: ctx.operator, caller: ctx },
          {
            action: input.on ? 'member.flag_set' : 'member.flag_clear',
            target: member.account,
            merchantCode: member.merchantCode,
            details: { memberId: member.id, flag: input.flag, reason: input.reason },
          },
        ),
    );
    return { flags: rows.map(presentFlag) };
  });
};
