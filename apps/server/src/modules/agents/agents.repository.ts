import type { AgentApplicationStatus } from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';

export type Executor = Pick<pg.Pool | pg.PoolClient, 'query'>;

/** A member's or a team's sums over a range (minor units). */
export interface FiguresRow {
  deposits: bigint;
  depositCount: number;
  withdrawals: bigint;
  withdrawalCount: number;
  bets: bigint;
  validBets: bigint;
  payouts: bigint;
  betCount: number;
}

export interface NodeRow {
  memberId: string;
  merchantCode: string;
  account: string;
  parentId: string | null;
  depth: number;
  joinedAt: Date;
}

export interface ProfileRow {
  memberId: string;
  merchantCode: string;
  agentType: number;
  affiliateCode: string;
  frozen: boolean;
}

export interface ApplicationRow {
  id: string;
  merchantCode: string;
  memberId: string;
  account: string;
  contactName: string;
  contactMobile: string;
  message: string;
  status: AgentApplicationStatus;
  agentType: number | null;
  reason: string | null;
  decidedBy: string | null;
  createdAt: Date;
  decidedAt: Date | null;
}

const SUMS = `COALESCE(sum(r.deposits), 0)::bigint AS deposits, COALESCE(sum(r.deposit_count), 0)::int AS "depositCount",
  COALESCE(sum(r.withdrawals), 0)::bigint AS withdrawals, COALESCE(sum(r.withdrawal_count), 0)::int AS "withdrawalCount",
  COALESCE(sum(r.bets), 0)::bigint AS bets, COALESCE(sum(r.valid_bets), 0)::bigint AS "validBets",
  COALESCE(sum(r.payouts), 0)::bigint AS payouts, COALESCE(sum(r.bet_count), 0)::int AS "betCount"`;

const NODE_COLUMNS = `n.member_id AS "memberId", n.merchant_code AS "merchantCode", n.account, n.parent_id AS "parentId",
  n.depth, n.joined_at AS "joinedAt"`;

const APPLICATION_COLUMNS = `id, merchant_code AS "merchantCode", member_id AS "memberId", account,
  contact_name AS "contactName", contact_mobile AS "contactMobile", message, status, agent_type AS "agentType", reason,
  decided_by AS "decidedBy", created_at AS "createdAt", decided_at AS "decidedAt"`;

/** Days are UTC calendar days; a range's end day is included. */
const IN_RANGE = (from: string, to: string) => `r.day BETWEEN ${from}::date AND ${to}::date`;

/** Serialises the writes of one merchant's tree (placements, moves): no two of them see a half-changed tree. */
export const lockTree = async (client: Executor, merchantCode: string): Promise<void> => {
  await client.query("SELECT pg_advisory_xact_lock(hashtext('agent_tree:' || $1))", [merchantCode]);
};

export const createAgentsRepository = (pool: pg.Pool) => ({
  inTransaction: <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => inTransaction(pool, work),

  node: async (memberId: string, db: Executor = pool): Promise<NodeRow | null> => {
    const { rows } = await db.query<NodeRow>(`SELECT ${NODE_COLUMNS} FROM agent_nodes n WHERE n.member_id = $1`, [
      memberId,
    ]);
    return rows[0] ?? null;
  },

  /**
   * Adds a member under `parentId` (or as a top): its node and its closure rows (itself, and every ancestor of the
   * parent one level further). Nothing if the member is already placed. Call under `lockTree`.
   */
  insertNode: async (
    client: Executor,
    node: { memberId: string; merchantCode: string; account: string; parentId: string | null },
  ): Promise<boolean> => {
    const { rowCount } = await client.query(
      `INSERT INTO agent_nodes (member_id, merchant_code, account, parent_id, depth)
       VALUES ($1, $2, $3, $4::uuid, COALESCE((SELECT depth + 1 FROM agent_nodes WHERE member_id = $4::uuid), 0))
       ON CONFLICT (member_id) DO NOTHING`,
      [node.memberId, node.merchantCode, node.account, node.parentId],
    );
    if (rowCount === 0) return false;
    await client.query(
      `INSERT INTO agent_closure (ancestor_id, descendant_id, distance)
       SELECT $1::uuid, $1::uuid, 0
       UNION ALL
       SELECT c.ancestor_id, $1::uuid, c.distance + 1 FROM agent_closure c WHERE c.descendant_id = $2::uuid`,
      [node.memberId, node.parentId],
    );
    return true;
  },

  /** How far below `ancestorId` the member sits (0: itself); null when it is not in that subtree. */
  distance: async (ancestorId: string, descendantId: string, db: Executor = pool): Promise<number | null> => {
    const { rows } = await db.query<{ distance: number }>(
      'SELECT distance FROM agent_closure WHERE ancestor_id = $1 AND descendant_id = $2',
      [ancestorId, descendantId],
    );
    return rows[0]?.distance ?? null;
  },

  /** Every upline of a member (nearest first), for work that follows a fact up the tree. */
  uplines: async (memberId: string, db: Executor = pool): Promise<string[]> => {
    const { rows } = await db.query<{ id: string }>(
      'SELECT ancestor_id AS id FROM agent_closure WHERE descendant_id = $1 AND distance > 0 ORDER BY distance',
      [memberId],
    );
    return rows.map((row) => row.id);
  },

  /** The path from `ancestorId` down to `memberId`, both included, top first. */
  trail: async (ancestorId: string, memberId: string): Promise<{ memberId: string; account: string }[]> => {
    const { rows } = await pool.query<{ memberId: string; account: string }>(
      `SELECT n.member_id AS "memberId", n.account FROM agent_closure c
         JOIN agent_closure top ON top.ancestor_id = $1 AND top.descendant_id = c.ancestor_id
         JOIN agent_nodes n ON n.member_id = c.ancestor_id
       WHERE c.descendant_id = $2 ORDER BY c.distance DESC`,
      [ancestorId, memberId],
    );
    return rows;
  },

  /** Team sizes: direct children, the whole downline, and downline members who joined in the range. */
  teamCounts: async (agentId: string, from: string, to: string) => {
    const { rows } = await pool.query<{ direct: number; team: number; joined: number }>(
      `SELECT (SELECT count(*)::int FROM agent_nodes WHERE parent_id = $1) AS direct,
              count(*)::int AS team,
              count(*) FILTER (WHERE n.joined_at >= ($2::date)::timestamp AT TIME ZONE 'UTC'
                AND n.joined_at < ($3::date + 1)::timestamp AT TIME ZONE 'UTC')::int AS joined
         FROM agent_closure c JOIN agent_nodes n ON n.member_id = c.descendant_id
        WHERE c.ancestor_id = $1 AND c.distance > 0`,
      [agentId, from, to],
    );
    return rows[0] ?? { direct: 0, team: 0, joined: 0 };
  },

  /** The downline's summed figures over the range, and how many of it bet. */
  teamFigures: async (agentId: string, from: string, to: string): Promise<FiguresRow & { active: number }> => {
    const { rows } = await pool.query<FiguresRow & { active: number }>(
      `SELECT ${SUMS}, count(DISTINCT r.member_id) FILTER (WHERE r.bet_count > 0)::int AS active
         FROM agent_closure c JOIN agent_daily_rollups r ON r.member_id = c.descendant_id
        WHERE c.ancestor_id = $1 AND c.distance > 0 AND ${IN_RANGE('$2', '$3')}`,
      [agentId, from, to],
    );
    return rows[0] as FiguresRow & { active: number };
  },

  /** Per day, newest first: the downline's figures (`own`: one member's own instead). */
  figuresByDay: async (
    memberId: string,
    from: string,
    to: string,
    scope: 'team' | 'own',
  ): Promise<(FiguresRow & { day: string })[]> => {
    const { rows } = await pool.query<FiguresRow & { day: string }>(
      scope === 'team'
        ? `SELECT to_char(r.day, 'YYYY-MM-DD') AS day, ${SUMS}
             FROM agent_closure c JOIN agent_daily_rollups r ON r.member_id = c.descendant_id
            WHERE c.ancestor_id = $1 AND c.distance > 0 AND ${IN_RANGE('$2', '$3')}
            GROUP BY r.day ORDER BY r.day DESC`
        : `SELECT to_char(r.day, 'YYYY-MM-DD') AS day, ${SUMS} FROM agent_daily_rollups r
            WHERE r.member_id = $1 AND ${IN_RANGE('$2', '$3')} GROUP BY r.day ORDER BY r.day DESC`,
      [memberId, from, to],
    );
    return rows;
  },

  /**
   * A page of nodes with their direct team sizes and own figures over the range: the children of `parentId`, or
   * (with `account`) the members of `ancestorId`'s downline whose account contains it.
   */
  listNodes: async (
    where:
      | { memberId: string }
      | { parentId: string }
      | { ancestorId: string; account: string }
      | { topsOf: string; account?: string },
    range: { from: string; to: string } | null,
    page: { pageNo: number; pageSize: number },
  ): Promise<{ rows: (NodeRow & FiguresRow & { directMembers: number; teamMembers: number })[]; total: number }> => {
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    let filter: string;
    if ('memberId' in where) filter = `n.member_id = ${param(where.memberId)}`;
    else if ('parentId' in where) filter = `n.parent_id = ${param(where.parentId)}`;
    else if ('ancestorId' in where) {
      filter = `n.member_id IN (SELECT descendant_id FROM agent_closure WHERE ancestor_id = ${param(where.ancestorId)} AND distance > 0)
        AND n.account ILIKE ${param(`%${where.account.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`;
    } else {
      filter = where.account
        ? `n.merchant_code = ${param(where.topsOf)} AND n.account ILIKE ${param(`%${where.account.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`
        : `n.merchant_code = ${param(where.topsOf)} AND n.parent_id IS NULL
           AND (EXISTS (SELECT 1 FROM agent_profiles p WHERE p.member_id = n.member_id)
             OR EXISTS (SELECT 1 FROM agent_nodes k WHERE k.parent_id = n.member_id))`;
    }
    const { rows: counted } = await pool.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM agent_nodes n WHERE ${filter}`,
      params,
    );
    const rangeFilter = range ? IN_RANGE(param(range.from), param(range.to)) : 'true';
    const limit = param(page.pageSize);
    const offset = param((page.pageNo - 1) * page.pageSize);
    const { rows } = await pool.query<NodeRow & FiguresRow & { directMembers: number; teamMembers: number }>(
      `SELECT ${NODE_COLUMNS},
              (SELECT count(*)::int FROM agent_nodes k WHERE k.parent_id = n.member_id) AS "directMembers",
              (SELECT count(*)::int - 1 FROM agent_closure k WHERE k.ancestor_id = n.member_id) AS "teamMembers",
              f.*
         FROM agent_nodes n
         CROSS JOIN LATERAL (SELECT ${SUMS} FROM agent_daily_rollups r WHERE r.member_id = n.member_id AND ${rangeFilter}) f
        WHERE ${filter}
        ORDER BY n.joined_at DESC, n.member_id
        LIMIT ${limit} OFFSET ${offset}`,
      params,
    );
    return { rows, total: counted[0]?.total ?? 0 };
  },

  /**
   * Moves `memberId` and its downline under `newParentId`: the closure rows linking the branch to its old
   * ancestors go, rows to the new ones come, depths shift. Call under `lockTree` after checking for cycles.
   */
  moveBranch: async (client: Executor, memberId: string, newParentId: string, depthShift: number): Promise<void> => {
    await client.query(
      `DELETE FROM agent_closure c
        USING agent_closure sub
        WHERE sub.ancestor_id = $1 AND c.descendant_id = sub.descendant_id
          AND c.ancestor_id NOT IN (SELECT descendant_id FROM agent_closure WHERE ancestor_id = $1)`,
      [memberId],
    );
    await client.query(
      `INSERT INTO agent_closure (ancestor_id, descendant_id, distance)
       SELECT up.ancestor_id, sub.descendant_id, up.distance + sub.distance + 1
         FROM agent_closure up CROSS JOIN agent_closure sub
        WHERE up.descendant_id = $2 AND sub.ancestor_id = $1`,
      [memberId, newParentId],
    );
    await client.query('UPDATE agent_nodes SET parent_id = $2 WHERE member_id = $1', [memberId, newParentId]);
    if (depthShift !== 0) {
      await client.query(
        `UPDATE agent_nodes SET depth = depth + $2
          WHERE member_id IN (SELECT descendant_id FROM agent_closure WHERE ancestor_id = $1)`,
        [memberId, depthShift],
      );
    }
  },

  /** The deepest level of the branch under `memberId`, relative to it (0: no downline). */
  branchHeight: async (client: Executor, memberId: string): Promise<number> => {
    const { rows } = await client.query<{ height: number }>(
      'SELECT COALESCE(max(distance), 0)::int AS height FROM agent_closure WHERE ancestor_id = $1',
      [memberId],
    );
    return rows[0]?.height ?? 0;
  },

  /** Adds to a member's figures of a day (UTC), creating the day's row. */
  addToDay: async (
    client: Executor,
    row: { memberId: string; merchantCode: string; day: string | null } & Partial<FiguresRow>,
  ): Promise<void> => {
    await client.query(
      `INSERT INTO agent_daily_rollups AS r (member_id, day, merchant_code, deposits, deposit_count, withdrawals,
         withdrawal_count, bets, valid_bets, payouts, bet_count)
       VALUES ($1, COALESCE($3::timestamptz, now()) AT TIME ZONE 'UTC', $2, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (member_id, day) DO UPDATE SET deposits = r.deposits + EXCLUDED.deposits,
         deposit_count = r.deposit_count + EXCLUDED.deposit_count, withdrawals = r.withdrawals + EXCLUDED.withdrawals,
         withdrawal_count = r.withdrawal_count + EXCLUDED.withdrawal_count, bets = r.bets + EXCLUDED.bets,
         valid_bets = r.valid_bets + EXCLUDED.valid_bets, payouts = r.payouts + EXCLUDED.payouts,
         bet_count = r.bet_count + EXCLUDED.bet_count`,
      [
        row.memberId,
        row.merchantCode,
        row.day,
        row.deposits ?? 0n,
        row.depositCount ?? 0,
        row.withdrawals ?? 0n,
        row.withdrawalCount ?? 0,
        row.bets ?? 0n,
        row.validBets ?? 0n,
        row.payouts ?? 0n,
        row.betCount ?? 0,
      ],
    );
  },

  profile: async (memberId: string, db: Executor = pool): Promise<ProfileRow | null> => {
    const { rows } = await db.query<ProfileRow>(
      `SELECT member_id AS "memberId", merchant_code AS "merchantCode", agent_type AS "agentType",
              affiliate_code AS "affiliateCode", frozen FROM agent_profiles WHERE member_id = $1`,
      [memberId],
    );
    return rows[0] ?? null;
  },

  profilesOf: async (memberIds: readonly string[]): Promise<Map<string, ProfileRow>> => {
    if (memberIds.length === 0) return new Map();
    const { rows } = await pool.query<ProfileRow>(
      `SELECT member_id AS "memberId", merchant_code AS "merchantCode", agent_type AS "agentType",
              affiliate_code AS "affiliateCode", frozen FROM agent_profiles WHERE member_id = ANY($1::uuid[])`,
      [memberIds],
    );
    return new Map(rows.map((row) => [row.memberId, row]));
  },

  saveProfile: async (client: Executor, profile: Omit<ProfileRow, 'frozen'>): Promise<void> => {
    await client.query(
      `INSERT INTO agent_profiles (member_id, merchant_code, agent_type, affiliate_code) VALUES ($1, $2, $3, $4)
       ON CONFLICT (member_id) DO UPDATE SET agent_type = EXCLUDED.agent_type, affiliate_code = EXCLUDED.affiliate_code`,
      [profile.memberId, profile.merchantCode, profile.agentType, profile.affiliateCode],
    );
  },

  /** A new pending application; null when the member already has one pending. */
  insertApplication: async (
    row: Pick<ApplicationRow, 'merchantCode' | 'memberId' | 'account' | 'contactName' | 'contactMobile' | 'message'>,
  ): Promise<ApplicationRow | null> => {
    const { rows } = await pool.query<ApplicationRow>(
      `INSERT INTO agent_applications (merchant_code, member_id, account, contact_name, contact_mobile, message)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (member_id) WHERE status = 'pending' DO NOTHING
       RETURNING ${APPLICATION_COLUMNS}`,
      [row.merchantCode, row.memberId, row.account, row.contactName, row.contactMobile, row.message],
    );
    return rows[0] ?? null;
  },

  latestApplication: async (memberId: string): Promise<ApplicationRow | null> => {
    const { rows } = await pool.query<ApplicationRow>(
      `SELECT ${APPLICATION_COLUMNS} FROM agent_applications WHERE member_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [memberId],
    );
    return rows[0] ?? null;
  },

  lockApplication: async (client: Executor, merchantCode: string, id: string): Promise<ApplicationRow | null> => {
    const { rows } = await client.query<ApplicationRow>(
      `SELECT ${APPLICATION_COLUMNS} FROM agent_applications WHERE id = $1 AND merchant_code = $2 FOR UPDATE`,
      [id, merchantCode],
    );
    return rows[0] ?? null;
  },

  decideApplication: async (
    client: Executor,
    id: string,
    decision: { status: 'approved' | 'rejected'; agentType: number | null; reason: string | null; decidedBy: string },
  ): Promise<ApplicationRow> => {
    const { rows } = await client.query<ApplicationRow>(
      `UPDATE agent_applications SET status = $2, agent_type = $3, reason = $4, decided_by = $5, decided_at = now()
        WHERE id = $1 RETURNING ${APPLICATION_COLUMNS}`,
      [id, decision.status, decision.agentType, decision.reason, decision.decidedBy],
    );
    return rows[0] as ApplicationRow;
  },

  listApplications: async (
    merchantCode: string,
    status: AgentApplicationStatus | undefined,
    page: { pageNo: number; pageSize: number },
  ): Promise<{ rows: ApplicationRow[]; total: number }> => {
    const { rows } = await pool.query<ApplicationRow & { total: number }>(
      `SELECT ${APPLICATION_COLUMNS}, count(*) OVER ()::int AS total FROM agent_applications
        WHERE merchant_code = $1 AND ($2::text IS NULL OR status = $2)
        ORDER BY created_at DESC LIMIT $3 OFFSET $4`,
      [merchantCode, status ?? null, page.pageSize, (page.pageNo - 1) * page.pageSize],
    );
    return { rows, total: rows[0]?.total ?? 0 };
  },
});

export type AgentsRepository = ReturnType<typeof createAgentsRepository>;
