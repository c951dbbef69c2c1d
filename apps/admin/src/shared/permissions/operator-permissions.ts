import type { OperatorRole } from '@tessera/contracts';

/**
 * What each role may do, as the server's admin policy decides it (apps/server admin.policy.ts). The back office
 * uses it only to hide what would be refused; the server remains the judge.
 */
const permissions = {
  'merchant.read': ['owner', 'finance', 'risk', 'support', 'content'],
  'merchant.update': ['owner'],
  'audit.read': ['owner', 'risk'],
  'operator.manage': ['owner'],
  'member.read': ['owner', 'finance', 'risk', 'support'],
  'member.lock': ['owner', 'risk'],
  'member.resetPassword': ['owner', 'support'],
  'outbox.read': ['owner', 'support'],
  'cashier.deposits': ['owner', 'finance'],
  'cashier.withdrawals': ['owner', 'finance'],
  'cashier.adjust': ['owner', 'finance'],
  'cashier.reports': ['owner', 'finance', 'risk'],
  'member.wallet': ['owner', 'finance', 'risk', 'support'],
  'games.read': ['owner', 'finance', 'risk', 'support', 'content'],
  'games.manage': ['owner', 'content'],
  'inhouse.read': ['owner', 'finance', 'risk'],
  'inhouse.manage': ['owner', 'risk'],
  'rebate.read': ['owner', 'finance', 'risk', 'support'],
  'rebate.manage': ['owner', 'finance'],
  'referral.read': ['owner', 'finance', 'risk', 'support'],
  'referral.manage': ['owner', 'finance'],
  'vip.read': ['owner', 'finance', 'risk', 'support'],
  'vip.manage': ['owner', 'finance'],
  'content.read': ['owner', 'content', 'support'],
  'content.write': ['owner', 'content'],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type OperatorPermission = keyof typeof permissions;

export const canOperator = (role: OperatorRole, permission: OperatorPermission): boolean =>
  (permissions[permission] as readonly OperatorRole[]).includes(role);
