import type { OperatorRole } from '@tessera/contracts';
import type pg from 'pg';

export interface OperatorRow {
  id: string;
  username: string;
  displayName: string;
  passwordHash: string;
  role: OperatorRole;
  /** null: the operator works across every merchant. */
  merchantCode: string | null;
  enabled: boolean;
  failedLogins: number;
  lockedUntil: Date | null;
  lastLoginAt: Date | null;
  createdAt: Date;
}

export interface AuditRow {
  id: bigint;
  at: Date;
  operatorId: string | null;
  operatorUsername: string | null;
  merchantCode: string | null;
  action: string;
  target: string | null;
  ip: string;
  userAgent: string | null;
  details: Record<string, unknown>;
}

/** An audit row to write; `id` and `at` are the database's. */
export interface NewAuditEntry {
  operatorId?: string | null;
  operatorUsername?: string | null;
  merchantCode?: string | null;
  action: string;
  target?: string | null;
  ip: string;
  userAgent?: string | null;
  details?: Record<string, unknown>;
}

/** An operator session to write. */
export interface NewOperatorSession {
  operatorId: string;
  tokenHash: string;
  ip: string;
  userAgent?: string | null;
  expiresAt: Date;
}

const OPERATOR_COLUMNS = `id, username, display_name AS "displayName", password_hash AS "passwordHash", role,
  merchant_code AS "merchantCode", enabled, failed_logins AS "failedLogins", locked_until AS "lockedUntil",
  last_login_at AS "lastLoginAt", created_at AS "createdAt"`;
const AUDIT_COLUMNS = `id, at, operator_id AS "operatorId", operator_username AS "operatorUsername",
  merchant_code AS "merchantCode", action, target, ip, user_agent AS "userAgent", details`;

/** The columns `updateOperator` may change, by field. */
const OPERATOR_UPDATABLE = {
  displayName: 'display_name',
  role: 'role',
  enabled: 'enabled',
  passwordHash: 'password_hash',
} as const;

const INSERT_AUDIT = `INSERT INTO audit_log (operator_id, operator_username, merchant_code, action, target, ip,
  user_agent, details) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`;
const auditValues = (entry: NewAuditEntry) => [
  entry.operatorId ?? null,
  entry.operatorUsername ?? null,
  entry.merchantCode ?? null,
  entry.action,
  entry.target ?? null,
  entry.ip,
  entry.userAgent ?? null,
  JSON.stringify(entry.details ?? {}),
];

/** `replica`: the read replica when one is configured, for the audit log's list (decision 0161). */
export const createAdminRepository = (pool: pg.Pool, replica: pg.Pool = pool) => ({
  findOperatorByUsername: async (username: string): Promise<OperatorRow | null> => {
    const { rows } = await pool.query<OperatorRow>(
      `SELECT ${OPERATOR_COLUMNS} FROM operators WHERE username = $1 LIMIT 1`,
      [username],
    );
    return rows[0] ?? null;
  },

  findOperatorById: async (id: string): Promise<OperatorRow | null> => {
    const { rows } = await pool.query<OperatorRow>(`SELECT ${OPERATOR_COLUMNS} FROM operators WHERE id = $1 LIMIT 1`, [
      id,
    ]);
    return rows[0] ?? null;
  },

  listOperators: async (merchantCode: string | null): Promise<OperatorRow[]> =>
    (
      await pool.query<OperatorRow>(
        `SELECT ${OPERATOR_COLUMNS} FROM operators WHERE $1::text IS NULL OR merchant_code = $1 ORDER BY username`,
        [merchantCode],
      )
    ).rows,

  /** The enabled operators who work on a merchant: its own and those of every merchant. */
  listServing: async (merchantCode: string): Promise<OperatorRow[]> =>
    (
      await pool.query<OperatorRow>(
        `SELECT ${OPERATOR_COLUMNS} FROM operators
          WHERE enabled AND (merchant_code = $1 OR merchant_code IS NULL) ORDER BY username`,
        [merchantCode],
      )
    ).rows,

  insertOperator: async (values: {
    username: string;
    displayName: string;
    passwordHash: string;
    role: OperatorRole;
    merchantCode: string | null;
  }): Promise<OperatorRow | null> => {
    const { rows } = await pool.query<OperatorRow>(
      `INSERT INTO operators (username, display_name, password_hash, role, merchant_code) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING RETURNING ${OPERATOR_COLUMNS}`,
      [values.username, values.displayName, values.passwordHash, values.role, values.merchantCode],
    );
    return rows[0] ?? null;
  },

  updateOperator: async (
    id: string,
    values: Partial<Pick<OperatorRow, 'displayName' | 'role' | 'enabled' | 'passwordHash'>>,
  ): Promise<OperatorRow | null> => {
    const fields = (Object.keys(OPERATOR_UPDATABLE) as (keyof typeof OPERATOR_UPDATABLE)[]).filter(
      (field) => values[field] !== undefined,
    );
    if (fields.length === 0) {
      const { rows } = await pool.query<OperatorRow>(`SELECT ${OPERATOR_COLUMNS} FROM operators WHERE id = $1`, [id]);
      return rows[0] ?? null;
    }
    const { rows } = await pool.query<OperatorRow>(
      `UPDATE operators SET ${fields.map((field, at) => `${OPERATOR_UPDATABLE[field]} = $${at + 2}`).join(', ')}
       WHERE id = $1 RETURNING ${OPERATOR_COLUMNS}`,
      [id, ...fields.map((field) => values[field])],
    );
    return rows[0] ?? null;
  },

  /** Counts a failed login; locks the account for `lockMs` once `maxFailures` is reached. */
  recordFailedLogin: async (id: string, maxFailures: number, lockMs: number): Promise<void> => {
    await pool.query(
      `UPDATE operators SET failed_logins = failed_logins + 1,
         locked_until = CASE WHEN failed_logins + 1 >= $2 THEN now() + make_interval(secs => $3) ELSE locked_until END
       WHERE id = $1`,
      [id, maxFailures, lockMs / 1000],
    );
  },

  recordSuccessfulLogin: async (id: string): Promise<void> => {
    await pool.query('UPDATE operators SET failed_logins = 0, locked_until = NULL, last_login_at = $2 WHERE id = $1', [
      id,
      new Date(),
    ]);
  },

  insertSession: async (values: NewOperatorSession): Promise<string> => {
    const { rows } = await pool.query<{ id: string }>(
      `INSERT INTO operator_sessions (operator_id, token_hash, ip, user_agent, expires_at)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [values.operatorId, values.tokenHash, values.ip, values.userAgent ?? null, values.expiresAt],
    );
    const id = rows[0]?.id;
    if (!id) throw new Error('session insert returned no row');
    return id;
  },

  /**
   * The live session for a token hash, touching its idle clock in the same statement. Idle and absolute
   * expiry are both enforced here.
   */
  touchSession: async (tokenHash: string, idleMs: number): Promise<{ id: string; operatorId: string } | null> => {
    const { rows } = await pool.query<{ id: string; operatorId: string }>(
      `UPDATE operator_sessions SET last_seen_at = $3
       WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()
         AND last_seen_at > now() - make_interval(secs => $2)
       RETURNING id, operator_id AS "operatorId"`,
      [tokenHash, idleMs / 1000, new Date()],
    );
    return rows[0] ?? null;
  },

  revokeSession: async (id: string): Promise<void> => {
    await pool.query('UPDATE operator_sessions SET revoked_at = $2 WHERE id = $1', [id, new Date()]);
  },

  revokeSessionsOf: async (operatorId: string): Promise<void> => {
    await pool.query('UPDATE operator_sessions SET revoked_at = $2 WHERE operator_id = $1 AND revoked_at IS NULL', [
      operatorId,
      new Date(),
    ]);
  },

  insertAudit: async (entry: NewAuditEntry): Promise<void> => {
    await pool.query(INSERT_AUDIT, auditValues(entry));
  },

  /** The same row written on `client`, inside the transaction of the change it records. */
  insertAuditWith: async (client: pg.PoolClient, entry: NewAuditEntry): Promise<void> => {
    await client.query(INSERT_AUDIT, auditValues(entry));
  },

  listAudit: async (filter: {
    merchantCode: string | null;
    action?: string | undefined;
    operatorId?: string | undefined;
    offset: number;
    limit: number;
  }): Promise<{ rows: AuditRow[]; total: number }> => {
    const conditions: string[] = [];
    const values: unknown[] = [];
    const where = (column: string, value: unknown) => {
      values.push(value);
      conditions.push(`${column} = $${values.length}`);
    };
    if (filter.merchantCode !== null) where('merchant_code', filter.merchantCode);
    if (filter.action) where('action', filter.action);
    if (filter.operatorId) where('operator_id', filter.operatorId);
    const clause = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const [rows, totals] = await Promise.all([
      replica.query<AuditRow>(
        `SELECT ${AUDIT_COLUMNS} FROM audit_log ${clause} ORDER BY id DESC
         OFFSET $${values.length + 1} LIMIT $${values.length + 2}`,
        [...values, filter.offset, filter.limit],
      ),
      replica.query<{ total: number }>(`SELECT count(*)::int AS total FROM audit_log ${clause}`, values),
    ]);
    return { rows: rows.rows.map((row) => ({ ...row, id: BigInt(row.id) })), total: totals.rows[0]?.total ?? 0 };
  },
});

export type AdminRepository = ReturnType<typeof createAdminRepository>;
