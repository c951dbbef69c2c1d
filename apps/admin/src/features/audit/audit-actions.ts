/** The actions the server writes to the audit log (apps/server admin module); the filter offers these. */
export const auditActions = [
  'merchant.update',
  'operator.login',
  'operator.login_failed',
  'operator.logout',
  'operator.create',
  'operator.update',
] as const;
export type AuditAction = (typeof auditActions)[number];
