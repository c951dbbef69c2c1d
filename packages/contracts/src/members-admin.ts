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
  /** The member's region (decision 0140): ISO 3166 alpha-2 of its latest sign-in or registration; null: unknown. */
  country: z.string().nullable(),
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
  /** ISO 3166 alpha-2 the trusted CDN header gave for this attempt; null: none. */
  country: z.string().nullable(),
});
export type AdminLoginEntry = z.infer<typeof adminLoginEntrySchema>;

/** Flags an operator may set on a member (the member's 360 view; decision 0094). */
export const memberFlagKinds = ['watch', 'vip', 'bonusAbuse', 'fraudSuspect', 'chargeback', 'multiAccount'] as const;
export type MemberFlagKind = (typeof memberFlagKinds)[number];

export const memberNoteSchema = z.object({
  id: z.string(),
  body: z.string(),
  author: z.string(),
  createdAt: z.string(),
});
export type MemberNote = z.infer<typeof memberNoteSchema>;

export const memberFlagSchema = z.object({
  flag: z.enum(memberFlagKinds),
  reason: z.string(),
  setBy: z.string(),
  setAt: z.string(),
});
export type MemberFlag = z.infer<typeof memberFlagSchema>;

export const MEMBER_NOTE_MAX = 1000;

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
  addMemberNote: defineEndpoint({
    name: 'admin.addMemberNote',
    method: 'POST',
    path: '/api/admin/members/:id/notes',
    moduleIds: [],
    access: access.operator('member.note', 'own'),
    encrypted: false,
    params: memberParams,
    request: z.strictObject({
      body: z.string().trim().min(1, { message: 'not_empty' }).max(MEMBER_NOTE_MAX, { message: 'field_too_long' }),
    }),
    response: memberNoteSchema,
    summary: 'Adds an operator’s note to a member (kept, never edited); audited (owner, finance, risk, support).',
  }),
  setMemberFlag: defineEndpoint({
    name: 'admin.setMemberFlag',
    method: 'POST',
    path: '/api/admin/members/:id/flags',
    moduleIds: [],
    access: access.operator('member.flag', 'own'),
    encrypted: false,
    params: memberParams,
    request: z.strictObject({
      flag: z.enum(memberFlagKinds),
      on: z.boolean(),
      reason: z.string().trim().min(1, { message: 'not_empty' }).max(200),
    }),
    response: z.object({ flags: z.array(memberFlagSchema) }),
    summary: 'Sets or clears one flag on a member with a reason; answers the member’s flags; audited (owner, risk).',
  }),
} as const;
