/**
 * Who may call an endpoint, declared on the endpoint (decision 0047). The server's registrar enforces it before it
 * reads the request's input, and the back office's navigation reads the same role matrix to show its screens.
 */

export const operatorRoles = ['owner', 'finance', 'risk', 'support', 'content'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

/** The operator role matrix: each permission and the roles that hold it. Defined here once. */
export const operatorPermissions = {
  'merchant.read': ['owner', 'finance', 'risk', 'support', 'content'],
  'merchant.update': ['owner'],
  'audit.read': ['owner', 'risk'],
  'operator.manage': ['owner'],
  'member.read': ['owner', 'finance', 'risk', 'support'],
  'member.lock': ['owner', 'risk'],
  'member.resetPassword': ['owner', 'support'],
  'member.note': ['owner', 'finance', 'risk', 'support'],
  'member.flag': ['owner', 'risk'],
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
  'points.read': ['owner', 'finance', 'risk', 'support'],
  'points.manage': ['owner', 'finance'],
  'missions.read': ['owner', 'finance', 'risk', 'support', 'content'],
  'missions.manage': ['owner', 'finance'],
  'bonuses.read': ['owner', 'finance', 'risk', 'support'],
  'bonuses.manage': ['owner', 'finance'],
  'promotions.read': ['owner', 'finance', 'risk', 'support', 'content'],
  'promotions.manage': ['owner', 'finance', 'content'],
  'promotions.review': ['owner', 'finance', 'risk', 'support'],
  'events.read': ['owner', 'risk'],
  'events.retry': ['owner'],
  'agents.read': ['owner', 'finance', 'risk', 'support'],
  'agents.manage': ['owner', 'risk'],
  'agentContracts.read': ['owner', 'finance', 'risk', 'support'],
  'agentContracts.manage': ['owner', 'finance'],
  'responsibleGaming.read': ['owner', 'risk', 'support'],
  /** Identity documents and their review, withdrawal thresholds per tier: compliance (risk) and the owner. */
  'responsibleGaming.compliance': ['owner', 'risk'],
  'contact.read': ['owner', 'support'],
  'contact.reply': ['owner', 'support'],
  /** Operators' messages to members' inboxes (decision 0121). */
  'messages.read': ['owner', 'support'],
  'messages.send': ['owner', 'support'],
  'reports.dashboard': ['owner', 'finance', 'risk', 'support'],
  'reports.cash': ['owner', 'finance'],
  'reports.play': ['owner', 'finance', 'risk'],
  'lottery.read': ['owner', 'finance', 'risk', 'support'],
  'lottery.manage': ['owner', 'risk'],
  'jackpot.read': ['owner', 'finance', 'risk', 'support'],
  'jackpot.manage': ['owner', 'finance'],
  /** Chat rooms (decision 0164): their hosts and rooms, and moderating members' messages. */
  'chatRooms.read': ['owner', 'risk', 'support', 'content'],
  'chatRooms.manage': ['owner', 'content'],
  'chatRooms.moderate': ['owner', 'risk', 'support'],
  'socialSignIn.read': ['owner'],
  'socialSignIn.manage': ['owner'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type OperatorPermission = keyof typeof operatorPermissions;

/** Whether a role holds a permission; `null` (any signed-in operator) is held by every role. */
export const roleMay = (role: OperatorRole, permission: OperatorPermission | null): boolean =>
  permission === null || (operatorPermissions[permission] as readonly OperatorRole[]).includes(role);

/**
 * Which merchant an operator endpoint acts on. An operator bound to one merchant sees nothing of another: a path
 * naming another merchant answers `not_found`, as if it did not exist.
 * - `merchant`: the path's `:code`, an enabled merchant in the operator's scope; the handler is handed it.
 * - `merchantRecord`: the path's `:code` in the operator's scope, enabled or not (the merchant's own settings).
 * - `own`: no merchant in the path; the handler narrows lists to the operator's scope and checks each id's merchant.
 */
export type OperatorScope = 'merchant' | 'merchantRecord' | 'own';

export type EndpointAccess =
  /** Anyone; with `member: 'optional'` a valid member token, when sent, is used. */
  | { readonly kind: 'visitor'; readonly member?: 'optional' }
  /** A signed-in member of the site's merchant, trial (free-play) accounts included. */
  | { readonly kind: 'member' }
  /** A signed-in member with a real account: a trial account gets `in_need_true_account`. */
  | { readonly kind: 'realMember' }
  /** A signed-in agent, over its own downline only; anyone else signed in gets `error_not_agent`. */
  | { readonly kind: 'agent' }
  /** A signed-in operator whose role holds `permission` (null: any role), over `scope`. */
  | { readonly kind: 'operator'; readonly permission: OperatorPermission | null; readonly scope: OperatorScope };

export type AccessKind = EndpointAccess['kind'];

/** The declarations endpoints use. */
export const access = {
  visitor: { kind: 'visitor' },
  visitorOrMember: { kind: 'visitor', member: 'optional' },
  member: { kind: 'member' },
  realMember: { kind: 'realMember' },
  agent: { kind: 'agent' },
  anyOperator: { kind: 'operator', permission: null, scope: 'own' },
  operator: <const P extends OperatorPermission, const S extends OperatorScope>(permission: P, scope: S) =>
    ({ kind: 'operator', permission, scope }) as const,
} as const;

/**
 * The token an endpoint reads: `none` ignores one, `optional` uses a valid member token when present, `member` and
 * `operator` require that kind of session.
 */
export type EndpointAuth = 'none' | 'optional' | 'member' | 'operator';

export const authOf = (rule: EndpointAccess): EndpointAuth => {
  switch (rule.kind) {
    case 'visitor':
      return rule.member === 'optional' ? 'optional' : 'none';
    case 'operator':
      return 'operator';
    default:
      return 'member';
  }
};
