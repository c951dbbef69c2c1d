import { type AuditAction, type OperatorPermission, type OperatorRole, roleMay } from '@tessera/contracts';
import type pg from 'pg';
import { isConstraintViolation } from '../../platform/db/pg-errors';
import { AppError, fieldError } from '../../platform/http/app-error';
import { assertMerchantInScope } from '../../platform/http/operator-scope';
import type { ClientFacts, OperatorPrincipal } from '../../platform/principals';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../platform/security/password';
import { createRateLimiter } from '../../platform/security/rate-limiter';
import { hashToken, newSessionToken } from '../../platform/security/tokens';
import type { AdminRepository, NewAuditEntry, OperatorRow } from './admin.repository';

const SESSION_IDLE_MS = 30 * 60_000;
const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;
const MAX_FAILED_LOGINS = 5;
const LOCK_MS = 15 * 60_000;
/** The operators' reference to their merchant (migration 0000). */
const OPERATOR_MERCHANT_FK = 'operators_merchant_code_merchants_code_fk';

/** Who did it and from where, for the audit log. */
export interface AuditActor {
  operator: Pick<OperatorPrincipal, 'operatorId' | 'username'> | null;
  caller: Pick<ClientFacts, 'ip' | 'userAgent'>;
}

type AuditEntry = Pick<NewAuditEntry, 'target' | 'merchantCode'> & {
  action: AuditAction;
  details?: Record<string, unknown>;
};

export const createAdminService = (repository: AdminRepository) => {
  const loginsPerIp = createRateLimiter({ limit: 20, windowMs: 60_000 });

  const auditRow = (actor: AuditActor, entry: AuditEntry): NewAuditEntry => ({
    operatorId: actor.operator?.operatorId ?? null,
    operatorUsername: actor.operator?.username ?? null,
    merchantCode: entry.merchantCode ?? null,
    action: entry.action,
    target: entry.target ?? null,
    ip: actor.caller.ip,
    userAgent: actor.caller.userAgent,
    details: entry.details ?? {},
  });
  const audit = (actor: AuditActor, entry: AuditEntry) => repository.insertAudit(auditRow(actor, entry));

  const principalOf = (row: OperatorRow, sessionId: string): OperatorPrincipal => ({
    operatorId: row.id,
    username: row.username,
    role: row.role,
    merchantCode: row.merchantCode,
    sessionId,
  });

  return {
    audit,

    /** Audits inside the caller's transaction: the change and its record commit together, or neither does. */
    auditWith: (client: pg.PoolClient, actor: AuditActor, entry: AuditEntry) =>
      repository.insertAuditWith(client, auditRow(actor, entry)),

    /**
     * Operator sign-in. An unknown user, a wrong password, a disabled or locked account all get the same
     * answer, and all cost one argon2 verify.
     */
    login: async (username: string, password: string, caller: ClientFacts) => {
      if (!loginsPerIp.hit(caller.ip)) throw new AppError('too_many_requests');
      const row = await repository.findOperatorByUsername(username);
      const passwordOk = await verifyPassword(row?.passwordHash ?? (await decoyPasswordHash()), password);
      const locked = row?.lockedUntil != null && row.lockedUntil.getTime() > Date.now();
      if (!row?.enabled || locked || !passwordOk) {
        if (row && !locked) await repository.recordFailedLogin(row.id, MAX_FAILED_LOGINS, LOCK_MS);
        await audit(
          { operator: row ? { operatorId: row.id, username: row.username } : null, caller },
          {
            action: 'operator.login_failed',
            target: username.slice(0, 64),
            merchantCode: row?.merchantCode ?? null,
            details: { reason: !row ? 'unknown' : !row.enabled ? 'disabled' : locked ? 'locked' : 'password' },
          },
        );
        throw new AppError('operator_login_failed');
      }
      await repository.recordSuccessfulLogin(row.id);
      const token = newSessionToken();
      const sessionId = await repository.insertSession({
        operatorId: row.id,
        tokenHash: hashToken(token),
        ip: caller.ip,
        userAgent: caller.userAgent,
        expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
      });
      await audit(
        { operator: { operatorId: row.id, username: row.username }, caller },
        {
          action: 'operator.login',
          target: row.username,
          merchantCode: row.merchantCode,
        },
      );
      const fresh = (await repository.findOperatorById(row.id)) ?? row;
      return { token, operator: fresh, principal: principalOf(fresh, sessionId) };
    },

    authenticate: async (token: string): Promise<OperatorPrincipal | null> => {
      const session = await repository.touchSession(hashToken(token), SESSION_IDLE_MS);
      if (!session) return null;
      const row = await repository.findOperatorById(session.operatorId);
      if (!row?.enabled) return null;
      return principalOf(row, session.id);
    },

    logout: async (operator: OperatorPrincipal, caller: ClientFacts) => {
      await repository.revokeSession(operator.sessionId);
      await audit(
        { operator, caller },
        {
          action: 'operator.logout',
          target: operator.username,
          merchantCode: operator.merchantCode,
        },
      );
    },

    getOperator: (id: string) => repository.findOperatorById(id),

    /** The enabled operators of a merchant (its own and every merchant's) whose role holds `permission`. */
    operatorsWith: async (merchantCode: string, permission: OperatorPermission) =>
      (await repository.listServing(merchantCode)).filter((row) => roleMay(row.role, permission)),

    listOperators: async (actor: OperatorPrincipal) => {
      return repository.listOperators(actor.merchantCode);
    },

    createOperator: async (
      actor: OperatorPrincipal,
      caller: ClientFacts,
      input: {
        username: string;
        displayName: string;
        password: string;
        role: OperatorRole;
        merchantCode: string | null;
      },
    ) => {
      // A merchant-scoped owner creates operators of its own merchant only.
      if (actor.merchantCode !== null && input.merchantCode !== actor.merchantCode) {
        throw fieldError('merchantCode', 'field_not_allowed');
      }
      const row = await repository
        .insertOperator({ ...input, passwordHash: await hashPassword(input.password) })
        .catch((error: unknown) => {
          // No such merchant: the foreign key refuses it, race-free.
          if (isConstraintViolation(error, OPERATOR_MERCHANT_FK)) throw fieldError('merchantCode', 'field_not_allowed');
          throw error;
        });
      if (!row) throw fieldError('username', 'username_taken');
      await audit(
        { operator: actor, caller },
        {
          action: 'operator.create',
          target: row.username,
          merchantCode: row.merchantCode,
          details: { role: row.role, merchantCode: row.merchantCode },
        },
      );
      return row;
    },

    updateOperator: async (
      actor: OperatorPrincipal,
      caller: ClientFacts,
      id: string,
      input: { displayName: string; role: OperatorRole; enabled: boolean; password?: string | undefined },
    ) => {
      const existing = await repository.findOperatorById(id);
      if (!existing) throw new AppError('not_found');
      assertMerchantInScope(actor, existing.merchantCode);
      if (existing.id === actor.operatorId && (!input.enabled || input.role !== existing.role)) {
        // An owner cannot lock itself out or drop its own rights by accident.
        throw fieldError(input.enabled ? 'role' : 'enabled', 'field_not_allowed');
      }
      const row = await repository.updateOperator(id, {
        displayName: input.displayName,
        role: input.role,
        enabled: input.enabled,
        ...(input.password ? { passwordHash: await hashPassword(input.password) } : {}),
      });
      if (!row) throw new AppError('not_found');
      if (input.password || !input.enabled) await repository.revokeSessionsOf(id);
      await audit(
        { operator: actor, caller },
        {
          action: 'operator.update',
          target: row.username,
          merchantCode: row.merchantCode,
          details: {
            before: { displayName: existing.displayName, role: existing.role, enabled: existing.enabled },
            after: { displayName: row.displayName, role: row.role, enabled: row.enabled },
            passwordChanged: Boolean(input.password),
          },
        },
      );
      return row;
    },

    listAudit: async (
      actor: OperatorPrincipal,
      query: { pageNo: number; pageSize: number; action?: string | undefined; operatorId?: string | undefined },
    ) => {
      const { rows, total } = await repository.listAudit({
        merchantCode: actor.merchantCode,
        action: query.action,
        operatorId: query.operatorId,
        offset: (query.pageNo - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return { rows, totalPages: Math.max(1, Math.ceil(total / query.pageSize)) };
    },

    /** Creates the operator if the username is free (seeding). */
    ensureOperator: async (input: {
      username: string;
      displayName: string;
      password: string;
      role: OperatorRole;
      merchantCode: string | null;
    }): Promise<boolean> => {
      if (await repository.findOperatorByUsername(input.username)) return false;
      const row = await repository.insertOperator({ ...input, passwordHash: await hashPassword(input.password) });
      return row !== null;
    },
  };
};

export type AdminService = ReturnType<typeof createAdminService>;
