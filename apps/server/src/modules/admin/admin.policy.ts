import type { OperatorRole } from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { OperatorPrincipal } from '../../platform/http/context';

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
  'content.read': ['owner', 'content', 'support'],
  'content.write': ['owner', 'content'],
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
  'events.read': ['owner', 'risk'],
  'events.retry': ['owner'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type Permission = keyof typeof permissions;

export const can = (operator: Pick<OperatorPrincipal, 'role'>, permission: Permission): boolean =>
  (permissions[permission] as readonly OperatorRole[]).includes(operator.role);

export const assertCan = (operator: OperatorPrincipal, permission: Permission): void => {
  if (!can(operator, permission)) throw new AppError('forbidden');
};

/** An operator scoped to one merchant sees nothing of another: answer as if it did not exist. */
export const assertMerchantInScope = (operator: OperatorPrincipal, merchantCode: string | null): void => {
  if (operator.merchantCode !== null && operator.merchantCode !== merchantCode) throw new AppError('not_found');
};

/** The merchants an operator may see: null for all. */
export const merchantScopeOf = (operator: OperatorPrincipal): string[] | null =>
  operator.merchantCode === null ? null : [operator.merchantCode];
