import { z } from 'zod';
import { access, operatorRoles } from './access';
import { defineEndpoint } from './endpoint';
import { merchantCodeSchema, merchantSettingsSchema } from './merchants';

/** Every action the audit log records; the back office filters by these. */
export const auditActions = [
  'operator.login',
  'operator.login_failed',
  'operator.logout',
  'operator.create',
  'operator.update',
  'merchant.update',
  'member.lock',
  'member.unlock',
  'member.reset_password',
  'member.note',
  'member.flag_set',
  'member.flag_clear',
  'deposit.approve',
  'deposit.reject',
  'content.create',
  'content.update',
  'content.delete',
  'content.image_upload',
  'withdrawal.approve',
  'withdrawal.disburse',
  'withdrawal.reject',
  'wallet.adjust',
  'games.vendor_update',
  'games.game_update',
  'games.reorder',
  'inhouse.limits_update',
  'rebate.settings_update',
  'referral.settings_update',
  'vip.level_create',
  'vip.level_update',
  'vip.level_delete',
  'agent.application_approve',
  'agent.application_reject',
  'agent.branch_move',
  'agent_contract.rerun',
  'agent_contract.settings',
  'agent.create',
  'agent.set_type',
  'agent.demote',
  'agent.freeze',
  'agent.unfreeze',
  'agent.rates',
  'agent.settings',
  'responsible_gaming.view',
  'responsible_gaming.register_search',
  'responsible_gaming.harm_markers_view',
  'responsible_gaming.harm_markers_compute',
  'kyc.view',
  'kyc.approve',
  'kyc.reject',
  'kyc.thresholds',
  'points.rules_update',
  'points.item_create',
  'points.item_update',
  'points.redemption_approve',
  'points.redemption_reject',
  'points.adjust',
  'points.image_upload',
  'missions.create',
  'missions.update',
  'feedback.reply',
  'feedback.close',
  'chat.claim',
  'chat.transfer',
  'chat.resolve',
  'chat.canned_create',
  'chat.canned_update',
  'chat.canned_delete',
  'events.dead_letter_retry',
  'report.export',
  'report.download',
  'bonus.grant',
  'bonus.settings_update',
  'promotion.create',
  'promotion.update',
  'promotion.application_approve',
  'promotion.application_reject',
  'red_envelope.create',
  'red_envelope.update',
  'lottery.game_update',
  'lottery.draw_cancel',
] as const;
export type AuditAction = (typeof auditActions)[number];
export const isAuditAction = (value: string): value is AuditAction =>
  (auditActions as readonly string[]).includes(value);

export const operatorSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  role: z.enum(operatorRoles),
  /** null: every merchant. */
  merchantCode: z.string().nullable(),
  enabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
});
export type Operator = z.infer<typeof operatorSchema>;

const operatorUsername = z
  .string()
  .trim()
  .min(1, { message: 'not_empty' })
  .regex(/^[a-zA-Z][a-zA-Z0-9_.-]{2,31}$/, { message: 'field_invalid' });
const operatorPassword = z.string().min(10, { message: 'field_too_short' }).max(128);

export const merchantSummarySchema = z.object({
  code: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  maintenance: z.boolean(),
  domains: z.array(z.string()),
});

export const merchantDetailSchema = z.object({
  code: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
  settings: merchantSettingsSchema,
});
export type MerchantDetail = z.infer<typeof merchantDetailSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  operatorId: z.string().nullable(),
  operatorUsername: z.string().nullable(),
  merchantCode: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  ip: z.string(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const merchantParams = z.strictObject({ code: merchantCodeSchema });
const operatorParams = z.strictObject({ id: z.uuid() });
const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
};

export const adminEndpoints = {
  login: defineEndpoint({
    name: 'admin.login',
    method: 'POST',
    path: '/api/admin/session/login',
    moduleIds: [],
    access: access.visitor,
    encrypted: false,
    request: z.strictObject({ username: z.string().trim().min(1).max(64), password: z.string().min(1).max(128) }),
    response: z.object({ token: z.string(), operator: operatorSchema }),
    summary: 'Operator login; the token goes in Authorization on later back-office calls.',
  }),
  logout: defineEndpoint({
    name: 'admin.logout',
    method: 'DELETE',
    path: '/api/admin/session/logout',
    moduleIds: [],
    access: access.anyOperator,
    encrypted: false,
    request: z.strictObject({}),
    response: z.null(),
    summary: 'Ends the operator session.',
  }),
  me: defineEndpoint({
    name: 'admin.me',
    method: 'GET',
    path: '/api/admin/session/me',
    moduleIds: [],
    access: access.anyOperator,
    encrypted: false,
    request: z.strictObject({}),
    response: operatorSchema,
    summary: 'The signed-in operator.',
  }),
  listMerchants: defineEndpoint({
    name: 'admin.listMerchants',
    method: 'GET',
    path: '/api/admin/merchants',
    moduleIds: [],
    access: access.operator('merchant.read', 'own'),
    encrypted: false,
    request: z.strictObject({}),
    response: z.array(merchantSummarySchema),
    summary: 'Merchants the operator may see.',
  }),
  getMerchant: defineEndpoint({
    name: 'admin.getMerchant',
    method: 'GET',
    path: '/api/admin/merchants/:code',
    moduleIds: [],
    access: access.operator('merchant.read', 'merchantRecord'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({}),
    response: merchantDetailSchema,
    summary: "A merchant's settings.",
  }),
  updateMerchant: defineEndpoint({
    name: 'admin.updateMerchant',
    method: 'PUT',
    path: '/api/admin/merchants/:code',
    moduleIds: [],
    access: access.operator('merchant.update', 'merchantRecord'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({ version: z.number().int().min(1), settings: merchantSettingsSchema }),
    response: merchantDetailSchema,
    summary: "Replaces a merchant's settings; `version` must be the one read (else `conflict`). Owner only.",
  }),
  listAudit: defineEndpoint({
    name: 'admin.listAudit',
    method: 'GET',
    path: '/api/admin/audit',
    moduleIds: [],
    access: access.operator('audit.read', 'own'),
    encrypted: false,
    request: z.strictObject({
      ...pageQuery,
      action: z.enum(auditActions).optional(),
      operatorId: z.uuid().optional(),
    }),
    response: z.object({ list: z.array(auditEntrySchema), pageNo: z.number(), totalPages: z.number() }),
    summary: 'The append-only audit log, newest first, scoped to the operator’s merchant.',
  }),
  listOperators: defineEndpoint({
    name: 'admin.listOperators',
    method: 'GET',
    path: '/api/admin/operators',
    moduleIds: [],
    access: access.operator('operator.manage', 'own'),
    encrypted: false,
    request: z.strictObject({}),
    response: z.array(operatorSchema),
    summary: 'Operator accounts (owner only).',
  }),
  createOperator: defineEndpoint({
    name: 'admin.createOperator',
    method: 'POST',
    path: '/api/admin/operators',
    moduleIds: [],
    access: access.operator('operator.manage', 'own'),
    encrypted: false,
    request: z.strictObject({
      username: operatorUsername,
      displayName: z.string().trim().min(1).max(60),
      password: operatorPassword,
      role: z.enum(operatorRoles),
      merchantCode: merchantCodeSchema.nullable(),
    }),
    response: operatorSchema,
    summary: 'Creates an operator (owner only; a merchant-scoped owner creates operators of its merchant only).',
  }),
  updateOperator: defineEndpoint({
    name: 'admin.updateOperator',
    method: 'PUT',
    path: '/api/admin/operators/:id',
    moduleIds: [],
    access: access.operator('operator.manage', 'own'),
    encrypted: false,
    params: operatorParams,
    request: z.strictObject({
      displayName: z.string().trim().min(1).max(60),
      role: z.enum(operatorRoles),
      enabled: z.boolean(),
      password: operatorPassword.optional(),
    }),
    response: operatorSchema,
    summary: 'Changes an operator’s name, role, enabled flag or password (owner only).',
  }),
} as const;
