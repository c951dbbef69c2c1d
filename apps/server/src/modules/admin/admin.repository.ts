import type { OperatorRole } from '@tessera/contracts';
import { and, count, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../platform/db/database';
import { auditLog, operatorSessions, operators } from './admin.schema';

export type OperatorRow = typeof operators.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditEntry = Omit<typeof auditLog.$inferInsert, 'id' | 'at'>;

export const createAdminRepository = (db: Db) => ({
  findOperatorByUsername: async (username: string): Promise<OperatorRow | null> => {
    const rows = await db.select().from(operators).where(eq(operators.username, username)).limit(1);
    return rows[0] ?? null;
  },

  findOperatorById: async (id: string): Promise<OperatorRow | null> => {
    const rows = await db.select().from(operators).where(eq(operators.id, id)).limit(1);
    return rows[0] ?? null;
  },

  listOperators: (merchantCode: string | null): Promise<OperatorRow[]> =>
    db
      .select()
      .from(operators)
      .where(merchantCode === null ? undefined : eq(operators.merchantCode, merchantCode))
      .orderBy(operators.username),

  insertOperator: async (values: {
    username: string;
    displayName: string;
    passwordHash: string;
    role: OperatorRole;
    merchantCode: string | null;
  }): Promise<OperatorRow | null> => {
    const rows = await db.insert(operators).values(values).onConflictDoNothing().returning();
    return rows[0] ?? null;
  },

  updateOperator: async (
    id: string,
    values: Partial<Pick<OperatorRow, 'displayName' | 'role' | 'enabled' | 'passwordHash'>>,
  ): Promise<OperatorRow | null> => {
    const rows = await db.update(operators).set(values).where(eq(operators.id, id)).returning();
    return rows[0] ?? null;
  },

  /** Counts a failed login; locks the account for `lockMs` once `maxFailures` is reached. */
  recordFailedLogin: async (id: string, maxFailures: number, lockMs: number): Promise<void> => {
    await db
      .update(operators)
      .set({
        failedLogins: sql`${operators.failedLogins} + 1`,
        lockedUntil: sql`CASE WHEN ${operators.failedLogins} + 1 >= ${maxFailures}
          THEN now() + make_interval(secs => ${lockMs / 1000}) ELSE ${operators.lockedUntil} END`,
      })
      .where(eq(operators.id, id));
  },

  recordSuccessfulLogin: async (id: string): Promise<void> => {
    await db
      .update(operators)
      .set({ failedLogins: 0, lockedUntil: null, lastLoginAt: new Date() })
      .where(eq(operators.id, id));
  },

  insertSession: async (values: typeof operatorSessions.$inferInsert): Promise<string> => {
    const rows = await db.insert(operatorSessions).values(values).returning({ id: operatorSessions.id });
    const id = rows[0]?.id;
    if (!id) throw new Error('session insert returned no row');
    return id;
  },

  /**
   * The live session for a token hash, touching its idle clock in the same statement. Idle and absolute
   * expiry are both enforced here.
   */
  touchSession: async (tokenHash: string, idleMs: number) => {
    const rows = await db
      .update(operatorSessions)
      .set({ lastSeenAt: new Date() })
      .where(
        and(
          eq(operatorSessions.tokenHash, tokenHash),
          isNull(operatorSessions.revokedAt),
          gt(operatorSessions.expiresAt, sql`now()`),
          gt(operatorSessions.lastSeenAt, sql`now() - make_interval(secs => ${idleMs / 1000})`),
        ),
      )
      .returning({ id: operatorSessions.id, operatorId: operatorSessions.operatorId });
    return rows[0] ?? null;
  },

  revokeSession: async (id: string): Promise<void> => {
    await db.update(operatorSessions).set({ revokedAt: new Date() }).where(eq(operatorSessions.id, id));
  },

  revokeSessionsOf: async (operatorId: string): Promise<void> => {
    await db
      .update(operatorSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)));
  },

  insertAudit: async (entry: NewAuditEntry): Promise<void> => {
    await db.insert(auditLog).values(entry);
  },

  /** The same row written on `client`, inside the transaction of the change it records. */
  insertAuditWith: async (client: pg.PoolClient, entry: NewAuditEntry): Promise<void> => {
    await client.query(
      `INSERT INTO audit_log (operator_id, operator_username, merchant_code, action, target, ip, user_agent, details)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        entry.operatorId ?? null,
        entry.operatorUsername ?? null,
        entry.merchantCode ?? null,
        entry.action,
        entry.target ?? null,
        entry.ip,
        entry.userAgent ?? null,
        JSON.stringify(entry.details ?? {}),
      ],
    );
  },

  listAudit: async (filter: {
    merchantCode: string | null;
    action?: string | undefined;
    operatorId?: string | undefined;
    offset: number;
    limit: number;
  }): Promise<{ rows: AuditRow[]; total: number }> => {
    const conditions: SQL[] = [];
    if (filter.merchantCode !== null) conditions.push(eq(auditLog.merchantCode, filter.merchantCode));
    if (filter.action) conditions.push(eq(auditLog.action, filter.action));
    if (filter.operatorId) conditions.push(eq(auditLog.operatorId, filter.operatorId));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [rows, totals] = await Promise.all([
      db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).offset(filter.offset).limit(filter.limit),
      db.select({ total: count() }).from(auditLog).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },
});

export type AdminRepository = ReturnType<typeof createAdminRepository>;
