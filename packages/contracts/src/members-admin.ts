import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';

/** The back office's member desk (owned by the server's `members` module): search, a member, lock, password reset. */

export const adminMemberSchema = z.object({
  id: z.string(),
  merchantCode: z.string(),
  account: z.string(),
  nickname: z.string(),
  type: z.number().int(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  payeeName: z.string().nullable(),
  locked: z.boolean(),
  mustChangePassword: z.boolean(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;

export const adminLoginEntrySchema = z.object({
  at: z.string(),
  ip: z.string(),
  userAgent: z.string().nullable(),
  deviceId: z.string().nullable(),
  method: z.string(),
  success: z.boolean(),
  reason: z.string().nullable(),
});

const memberParams = z.strictObject({ id: z.uuid() });

export const adminMembersEndpoints = {
  listMembers: defineEndpoint({
    name: 'admin.listMembers',
    method: 'GET',
    path: '/api/admin/members',
    moduleIds: [],
    access: access.operator('member.read', 'own'),
    encrypted: false,
    request: z.strictObject({ q: z.string().trim().min(2, { message: 'field_too_short' }).max(64) }),
    response: z.array(adminMemberSchema),
    summary: 'Finds members by username, mobile number or e-mail fragment (at most 50), in the operator’s scope.',
  }),
  getMember: defineEndpoint({
    name: 'admin.getMember',
    method: 'GET',
    path: '/api/admin/members/:id',
    moduleIds: [],
    access: access.operator('member.read', 'own'),
    encrypted: false,
    params: memberParams,
    request: z.strictObject({}),
    response: z.object({ member: adminMemberSchema, logins: z.array(adminLoginEntrySchema) }),
    summary: 'A member with its last 50 login attempts (time, IP, device, method, outcome).',
  }),
  lockMember: defineEndpoint({
    name: 'admin.lockMember',
    method: 'POST',
    path: '/api/admin/members/:id/lock',
    moduleIds: [],
    access: access.operator('member.lock', 'own'),
    encrypted: false,
    params: memberParams,
    request: z.strictObject({
      locked: z.boolean(),
      reason: z.string().trim().min(1, { message: 'not_empty' }).max(200),
    }),
    response: adminMemberSchema,
    summary: 'Locks (ending every session) or unlocks a member, with a reason (owner, risk).',
  }),
  resetMemberPassword: defineEndpoint({
    name: 'admin.resetMemberPassword',
    method: 'POST',
    path: '/api/admin/members/:id/resetPassword',
    moduleIds: [],
    access: access.operator('member.resetPassword', 'own'),
    encrypted: false,
    params: memberParams,
    request: z.strictObject({ reason: z.string().trim().min(1, { message: 'not_empty' }).max(200) }),
    response: z.object({ temporaryPassword: z.string() }),
    summary:
      'Sets a one-time temporary password the member must change at next login; ends its sessions (owner, support).',
  }),
} as const;
