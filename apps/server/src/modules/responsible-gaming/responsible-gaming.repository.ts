import type { RgConfirmableKind, RgPeriod, RgPromptAnswer, RgPromptName } from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';
import { emit } from '../../platform/events';

export type Executor = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

export interface LimitRow {
  kind: RgConfirmableKind;
  period: RgPeriod;
  amount: bigint | null;
  pendingAmount: bigint | null;
  pendingSince: Date | null;
}

export interface BlockRow {
  id: string;
  merchantCode: string;
  memberId: string;
  kind: 'break' | 'self_exclusion';
  duration: string;
  allMerchants: boolean;
  identityKeys: string[];
  originId: string | null;
  startsAt: Date;
  endsAt: Date | null;
}

export interface Usage {
  deposited: bigint;
  wagered: bigint;
  lost: bigint;
  sessionSeconds: number;
}

export interface SessionRow {
  sessionId: string;
  startedAt: Date;
  countedSeconds: number;
  nextCheckSeconds: number | null;
}

const SESSION_COLUMNS = `session_id AS "sessionId", started_at AS "startedAt", counted_seconds AS "countedSeconds",
  next_check_seconds AS "nextCheckSeconds"`;

const BLOCK_COLUMNS = `id, merchant_code AS "merchantCode", member_id AS "memberId", kind, duration,
  all_merchants AS "allMerchants", identity_keys AS "identityKeys", origin_id AS "originId",
  starts_at AS "startsAt", ends_at AS "endsAt"`;

/** The module's own tables (responsible-gaming.schema.ts); the ledger's guard writes `rg_usage`. */
export const createResponsibleGamingRepository = (pool: pg.Pool) => ({
  pool: pool as Executor,
  inTransaction: <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => inTransaction(pool, work),

  /**
   * Which of `memberIds` of one merchant are on a break or excluded at some moment of [from, to) (a moment: from =
   * to), by any block row (their own or a copy of the same person's choice elsewhere).
   */
  blockedAmong: async (
    merchantCode: string,
    memberIds: readonly string[],
    from: Date,
    to: Date,
  ): Promise<Set<string>> => {
    if (memberIds.length === 0) return new Set();
    const { rows } = await pool.query<{ memberId: string }>(
      `SELECT DISTINCT member_id AS "memberId" FROM rg_blocks
        WHERE merchant_code = $1 AND member_id = ANY($2::text[])
          AND starts_at <= $4 AND (ends_at IS NULL OR ends_at > $3)`,
      [merchantCode, [...memberIds], from, to],
    );
    return new Set(rows.map((row) => row.memberId));
  },

  /** Every block of these members, any merchant, newest first (the exclusion register). */
  blocksOfMembers: async (memberIds: readonly string[]): Promise<BlockRow[]> => {
    if (memberIds.length === 0) return [];
    const { rows } = await pool.query<BlockRow>(
      `SELECT ${BLOCK_COLUMNS} FROM rg_blocks WHERE member_id = ANY($1::text[]) ORDER BY starts_at DESC, id`,
      [[...memberIds]],
    );
    return rows;
  },

  /** Serialises changes of one member's limits (rows that do not exist yet included). */
  lockMember: async (client: Executor, merchantCode: string, memberId: string): Promise<void> => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`rg:${merchantCode}:${memberId}`]);
  },

  limits: async (merchantCode: string, memberId: string, db: Executor = pool): Promise<LimitRow[]> => {
    const { rows } = await db.query<LimitRow>(
      `SELECT kind, period, amount, pending_amount AS "pendingAmount", pending_since AS "pendingSince"
         FROM rg_limits WHERE merchant_code = $1 AND member_id = $2`,
      [merchantCode, memberId],
    );
    return rows;
  },

  upsertLimit: async (
    db: Executor,
    key: { merchantCode: string; memberId: string; kind: RgConfirmableKind; period: RgPeriod },
    values: { amount: bigint | null; pendingAmount: bigint | null; pendingSince: Date | null },
  ): Promise<void> => {
    await db.query(
      `INSERT INTO rg_limits (merchant_code, member_id, kind, period, amount, pending_amount, pending_since, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now())
       ON CONFLICT (merchant_code, member_id, kind, period) DO UPDATE
         SET amount = EXCLUDED.amount, pending_amount = EXCLUDED.pending_amount,
             pending_since = EXCLUDED.pending_since, updated_at = now()`,
      [key.merchantCode, key.memberId, key.kind, key.period, values.amount, values.pendingAmount, values.pendingSince],
    );
  },

  /** Usage summed from `since` (a UTC date) to today. */
  usageSince: async (merchantCode: string, memberId: string, since: string): Promise<Usage> => {
    const { rows } = await pool.query<{ deposited: string; wagered: string; lost: string; seconds: number }>(
      `SELECT coalesce(sum(deposited), 0)::text AS deposited, coalesce(sum(wagered), 0)::text AS wagered,
              coalesce(sum(lost), 0)::text AS lost, coalesce(sum(session_seconds), 0)::int AS seconds
         FROM rg_usage WHERE merchant_code = $1 AND member_id = $2 AND day >= $3::date`,
      [merchantCode, memberId, since],
    );
    const row = rows[0];
    return {
      deposited: BigInt(row?.deposited ?? '0'),
      wagered: BigInt(row?.wagered ?? '0'),
      lost: BigInt(row?.lost ?? '0'),
      sessionSeconds: row?.seconds ?? 0,
    };
  },

  /** Every block of a member, newest first. */
  blocks: async (merchantCode: string, memberId: string): Promise<BlockRow[]> => {
    const { rows } = await pool.query<BlockRow>(
      `SELECT ${BLOCK_COLUMNS} FROM rg_blocks WHERE merchant_code = $1 AND member_id = $2 ORDER BY starts_at DESC`,
      [merchantCode, memberId],
    );
    return rows;
  },

  insertBlock: async (
    db: Executor,
    block: Omit<BlockRow, 'id' | 'startsAt'> & { startsAt: Date },
  ): Promise<BlockRow> => {
    const { rows } = await db.query<BlockRow>(
      `INSERT INTO rg_blocks (merchant_code, member_id, kind, duration, all_merchants, identity_keys, origin_id,
                              starts_at, ends_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${BLOCK_COLUMNS}`,
      [
        block.merchantCode,
        block.memberId,
        block.kind,
        block.duration,
        block.allMerchants,
        block.identityKeys,
        block.originId,
        block.startsAt,
        block.endsAt,
      ],
    );
    const row = rows[0];
    if (!row) throw new Error('rg_blocks insert returned no row');
    // Marketing and agents' contracts learn of it in the same transaction (decision 0103).
    await emit(db, 'member.blocked', {
      merchantCode: row.merchantCode,
      memberId: row.memberId,
      kind: row.kind,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt?.toISOString() ?? null,
    });
    return row;
  },

  /** Blocks in force chosen for every merchant whose person shares one of `keys`. */
  activeBlocksOfPerson: async (keys: string[]): Promise<BlockRow[]> => {
    if (keys.length === 0) return [];
    const { rows } = await pool.query<BlockRow>(
      `SELECT ${BLOCK_COLUMNS} FROM rg_blocks
        WHERE origin_id IS NULL AND all_merchants AND identity_keys && $1::text[]
          AND (ends_at IS NULL OR ends_at > now())`,
      [keys],
    );
    return rows;
  },

  /** Whether a block already covers this member as a copy of `originId`. */
  /**
   * Whether the member already carries a block or its copy. Given the transaction of `lockCopiesOf`, the answer
   * holds until it ends: a redelivered registration and a direct call never both copy one block.
   */
  hasCopy: async (merchantCode: string, memberId: string, originId: string, db: Executor = pool): Promise<boolean> => {
    const { rows } = await db.query(
      'SELECT 1 FROM rg_blocks WHERE merchant_code = $1 AND member_id = $2 AND (origin_id = $3 OR id = $3)',
      [merchantCode, memberId, originId],
    );
    return rows.length > 0;
  },

  /** Holds off, until the caller's transaction ends, every other copying of blocks onto this member. */
  lockCopiesOf: async (db: Executor, memberId: string): Promise<void> => {
    await db.query("SELECT pg_advisory_xact_lock(hashtextextended('rg-copies:' || $1, 0))", [memberId]);
  },

  addHistory: async (
    db: Executor,
    entry: { merchantCode: string; memberId: string; action: string; details: Record<string, unknown> },
  ): Promise<void> => {
    await db.query('INSERT INTO rg_history (merchant_code, member_id, action, details) VALUES ($1, $2, $3, $4)', [
      entry.merchantCode,
      entry.memberId,
      entry.action,
      JSON.stringify(entry.details),
    ]);
  },

  /**
   * Counts a session's time since its last counted moment (at most `capSeconds`; never twice, however many
   * requests race: the session's row is locked) into its own total and the member's day of `rg_usage`. The first
   * count of a session opens its clock, with its first reality check due one interval in.
   */
  countSession: async (
    key: { merchantCode: string; memberId: string; sessionId: string },
    capSeconds: number,
  ): Promise<SessionRow> =>
    inTransaction(pool, async (client) => {
      await client.query(
        `INSERT INTO rg_sessions (session_id, merchant_code, member_id, started_at, last_counted_at, next_check_seconds)
         SELECT $1, $2, $3, now(), now(),
                (SELECT reality_check_minutes * 60 FROM rg_settings WHERE merchant_code = $2 AND member_id = $3)
         ON CONFLICT (session_id) DO NOTHING`,
        [key.sessionId, key.merchantCode, key.memberId],
      );
      const { rows } = await client.query<{ seconds: number }>(
        `SELECT least(greatest(floor(extract(epoch FROM now() - last_counted_at)), 0), $2)::int AS seconds
           FROM rg_sessions WHERE session_id = $1 AND merchant_code = $3 AND member_id = $4 FOR UPDATE`,
        [key.sessionId, capSeconds, key.merchantCode, key.memberId],
      );
      const seconds = rows[0]?.seconds;
      if (seconds === undefined) throw new Error('rg_sessions row of another member');
      // Whole seconds are counted; the fraction stays uncounted until the next beat (last_counted_at moves by them).
      const updated = await client.query<SessionRow>(
        `UPDATE rg_sessions SET counted_seconds = counted_seconds + $2,
                last_counted_at = CASE WHEN $2 >= $3 THEN now() ELSE last_counted_at + make_interval(secs => $2) END
          WHERE session_id = $1 RETURNING ${SESSION_COLUMNS}`,
        [key.sessionId, seconds, capSeconds],
      );
      if (seconds > 0) {
        await client.query(
          `INSERT INTO rg_usage AS u (merchant_code, member_id, day, session_seconds)
           VALUES ($1, $2, (now() AT TIME ZONE 'UTC')::date, $3)
           ON CONFLICT (merchant_code, member_id, day) DO UPDATE SET session_seconds = u.session_seconds + $3`,
          [key.merchantCode, key.memberId, seconds],
        );
      }
      const row = updated.rows[0];
      if (!row) throw new Error('rg_sessions update returned no row');
      return row;
    }),

  /** A session's clock, if it has one, of this member only. */
  session: async (merchantCode: string, memberId: string, sessionId: string): Promise<SessionRow | null> => {
    const { rows } = await pool.query<SessionRow>(
      `SELECT ${SESSION_COLUMNS} FROM rg_sessions WHERE session_id = $1 AND merchant_code = $2 AND member_id = $3`,
      [sessionId, merchantCode, memberId],
    );
    return rows[0] ?? null;
  },

  realityCheckMinutes: async (merchantCode: string, memberId: string, db: Executor = pool) => {
    const { rows } = await db.query<{ minutes: number | null }>(
      'SELECT reality_check_minutes AS minutes FROM rg_settings WHERE merchant_code = $1 AND member_id = $2',
      [merchantCode, memberId],
    );
    return rows[0]?.minutes ?? null;
  },

  /** The one-time prompts the member has answered (decision 0107). */
  answeredPrompts: async (merchantCode: string, memberId: string): Promise<RgPromptName[]> => {
    const { rows } = await pool.query<{ prompt: RgPromptName }>(
      'SELECT prompt FROM rg_prompts WHERE merchant_code = $1 AND member_id = $2',
      [merchantCode, memberId],
    );
    return rows.map((row) => row.prompt);
  },

  /** Whether the guard has ever counted a deposit of the member (its usage rows keep every day since). */
  hasDeposited: async (merchantCode: string, memberId: string): Promise<boolean> => {
    const { rows } = await pool.query<{ found: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM rg_usage WHERE merchant_code = $1 AND member_id = $2 AND deposited > 0) AS found',
      [merchantCode, memberId],
    );
    return rows[0]?.found === true;
  },

  /** Records the first answer to a prompt; false when it was answered already (the first answer stands). */
  answerPrompt: async (
    db: Executor,
    key: { merchantCode: string; memberId: string },
    prompt: RgPromptName,
    answer: RgPromptAnswer,
  ): Promise<boolean> => {
    const { rowCount } = await db.query(
      `INSERT INTO rg_prompts (merchant_code, member_id, prompt, answer) VALUES ($1, $2, $3, $4)
       ON CONFLICT (merchant_code, member_id, prompt) DO NOTHING`,
      [key.merchantCode, key.memberId, prompt, answer],
    );
    return rowCount === 1;
  },

  /** Sets the interval and moves the next check of the member's sessions of the last day to one interval on. */
  setRealityCheck: async (db: Executor, merchantCode: string, memberId: string, minutes: number | null) => {
    await db.query(
      `INSERT INTO rg_settings (merchant_code, member_id, reality_check_minutes, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (merchant_code, member_id) DO UPDATE SET reality_check_minutes = $3, updated_at = now()`,
      [merchantCode, memberId, minutes],
    );
    await db.query(
      `UPDATE rg_sessions SET next_check_seconds = CASE WHEN $3::int IS NULL THEN NULL ELSE counted_seconds + $3::int * 60 END
        WHERE merchant_code = $1 AND member_id = $2 AND last_counted_at > now() - interval '1 day'`,
      [merchantCode, memberId, minutes],
    );
  },

  /** Records an answer to the reality check due on a session and sets its next; false when none is due. */
  answerRealityCheck: (
    key: { merchantCode: string; memberId: string; sessionId: string },
    answer: { response: 'continue' | 'stop'; netPosition: bigint },
  ): Promise<boolean> =>
    inTransaction(pool, async (client) => {
      const { rows } = await client.query<{ counted: number }>(
        `SELECT counted_seconds AS counted FROM rg_sessions
          WHERE session_id = $1 AND merchant_code = $2 AND member_id = $3
            AND next_check_seconds IS NOT NULL AND counted_seconds >= next_check_seconds FOR UPDATE`,
        [key.sessionId, key.merchantCode, key.memberId],
      );
      const due = rows[0];
      if (!due) return false;
      await client.query(
        `INSERT INTO rg_reality_checks (merchant_code, member_id, session_id, response, elapsed_seconds, net_position)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [key.merchantCode, key.memberId, key.sessionId, answer.response, due.counted, answer.netPosition],
      );
      await client.query(
        `UPDATE rg_sessions SET next_check_seconds =
           (SELECT counted_seconds + s.reality_check_minutes * 60 FROM rg_settings s
             WHERE s.merchant_code = $2 AND s.member_id = $3)
          WHERE session_id = $1`,
        [key.sessionId, key.merchantCode, key.memberId],
      );
      return true;
    }),

  realityChecks: async (merchantCode: string, memberId: string, limit: number) => {
    const { rows } = await pool.query<{
      response: 'continue' | 'stop';
      elapsedSeconds: number;
      netPosition: string;
      at: Date;
    }>(
      `SELECT response, elapsed_seconds AS "elapsedSeconds", net_position::text AS "netPosition", at
         FROM rg_reality_checks WHERE merchant_code = $1 AND member_id = $2 ORDER BY at DESC, id LIMIT $3`,
      [merchantCode, memberId, limit],
    );
    return rows;
  },

  history: async (merchantCode: string, memberId: string, limit: number) => {
    const { rows } = await pool.query<{ action: string; details: Record<string, unknown>; at: Date }>(
      `SELECT action, details, at FROM rg_history WHERE merchant_code = $1 AND member_id = $2
        ORDER BY at DESC, id LIMIT $3`,
      [merchantCode, memberId, limit],
    );
    return rows;
  },
});

export type ResponsibleGamingRepository = ReturnType<typeof createResponsibleGamingRepository>;
