import { AGENT_RANGE_MAX_DAYS, type AgentApplicationStatus } from '@tessera/contracts';
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
  /** Rebate rates per game category, ppm (decision 0090). */
  rates: Record<string, number>;
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

/** The figure columns of rollups and team rows: column, the row's property, its SQL type. */
const FIGURES = [
  ['deposits', 'deposits', 'bigint'],
  ['deposit_count', 'depositCount', 'int'],
  ['withdrawals', 'withdrawals', 'bigint'],
  ['withdrawal_count', 'withdrawalCount', 'int'],
  ['bets', 'bets', 'bigint'],
  ['valid_bets', 'validBets', 'bigint'],
  ['payouts', 'payouts', 'bigint'],
  ['bet_count', 'betCount', 'int'],
] as const;

type Own = { [K in keyof FiguresRow as `own${Capitalize<K>}`]: FiguresRow[K] };
const OWN_SUMS = FIGURES.map(
  ([column, alias, cast]) =>
    `COALESCE(sum(r.${column}), 0)::${cast} AS "own${alias[0]?.toUpperCase()}${alias.slice(1)}"`,
).join(', ');

/** A downline's totals over a range (minor units), the agent itself not counted. */
export interface TeamTotalsRow extends FiguresRow {
  teamMembers: number;
  directMembers: number;
  /** Downline members who joined in the range. */
  joined: number;
  /** Downline members with a settled bet in the range. */
  active: number;
}

/**
 * A previous bet day as an active-member row keeps it: itself when a range that holds `day` can also hold it,
 * else `-infinity` (before any range's start). Ranges span at most AGENT_RANGE_MAX_DAYS days.
 */
const PREV_DAY_KEY = (day: string, prev: string) =>
  `CASE WHEN ${prev} IS NOT NULL AND ${prev} > ${day} - ${AGENT_RANGE_MAX_DAYS} THEN ${prev} ELSE '-infinity'::date END`;

/**
 * The member became active on `day` (its first bet of that day): counted there by its previous bet day, and the
 * next bet day it already had is now counted by `day` instead of that previous one. Applied to the member and every
 * ancestor; the bets subscriber is the only writer of bet counts, so the neighbours it reads do not move meanwhile.
 */
const countActive = async (client: Executor, memberId: string, day: string): Promise<void> => {
  await client.query(
    `WITH near AS (
       SELECT (SELECT max(day) FROM agent_daily_rollups WHERE member_id = $1 AND day < $2::date AND bet_count > 0) AS prev,
              (SELECT min(day) FROM agent_daily_rollups WHERE member_id = $1 AND day > $2::date AND bet_count > 0) AS next
     ), changes AS (
       SELECT $2::date AS day, ${PREV_DAY_KEY('$2::date', 'near.prev')} AS prev_day, 1 AS delta FROM near
       UNION ALL SELECT near.next, ${PREV_DAY_KEY('near.next', 'near.prev')}, -1 FROM near WHERE near.next IS NOT NULL
       UNION ALL SELECT near.next, ${PREV_DAY_KEY('near.next', '$2::date')}, 1 FROM near WHERE near.next IS NOT NULL
     ), merged AS (
       SELECT day, prev_day, sum(delta)::int AS delta FROM changes GROUP BY day, prev_day HAVING sum(delta) <> 0
     )
     INSERT INTO agent_team_active AS a (ancestor_id, day, prev_day, members)
     SELECT c.ancestor_id, m.day, m.prev_day, m.delta FROM agent_closure c CROSS JOIN merged m
      WHERE c.descendant_id = $1 ORDER BY 1, 2, 3
     ON CONFLICT (ancestor_id, day, prev_day) DO UPDATE SET members = a.members + EXCLUDED.members`,
    [memberId, day],
  );
};

/**
 * A newly placed leaf's own team rows: its rollups (kept before it was placed, if any), the day it joined, and
 * its active days by their previous bet day.
 */
const seedOwnTeamRows = async (client: Executor, memberId: string, merchantCode: string): Promise<void> => {
  const columns = FIGURES.map(([column]) => column).join(', ');
  await client.query(
    `INSERT INTO agent_team_daily (ancestor_id, day, merchant_code, ${columns}, joined)
     SELECT $1, s.day, $2, ${FIGURES.map(([column, , cast]) => `sum(s.${column})::${cast}`).join(', ')}, sum(s.joined)::int
       FROM (SELECT day, ${columns}, 0 AS joined FROM agent_daily_rollups WHERE member_id = $1
             UNION ALL
             SELECT (joined_at AT TIME ZONE 'UTC')::date, ${FIGURES.map(() => '0').join(', ')}, 1
               FROM agent_nodes WHERE member_id = $1) s
      GROUP BY s.day`,
    [memberId, merchantCode],
  );
  await client.query(
    `INSERT INTO agent_team_active (ancestor_id, day, prev_day, members)
     SELECT $1, s.day, ${PREV_DAY_KEY('s.day', 's.prev')}, 1
       FROM (SELECT day, lag(day) OVER (ORDER BY day) AS prev FROM agent_daily_rollups
              WHERE member_id = $1 AND bet_count > 0) s`,
    [memberId],
  );
};

/**
 * Adds (`sign` 1) or takes away (-1) the branch under `memberId` — its root's team rows, active counts and size —
 * to or from every ancestor above the root. A move takes it away before changing the closure and adds it after.
 */
const shiftBranch = async (client: Executor, memberId: string, sign: 1 | -1): Promise<void> => {
  const columns = FIGURES.map(([column]) => column).join(', ');
  await client.query(
    `INSERT INTO agent_team_daily AS r (ancestor_id, day, merchant_code, ${columns}, joined)
     SELECT up.ancestor_id, b.day, b.merchant_code, ${FIGURES.map(([column]) => `$2 * b.${column}`).join(', ')},
            $2 * b.joined
       FROM agent_closure up CROSS JOIN agent_team_daily b
      WHERE up.descendant_id = $1 AND up.distance > 0 AND b.ancestor_id = $1
      ORDER BY 1, 2
     ON CONFLICT (ancestor_id, day) DO UPDATE SET
       ${[...FIGURES.map(([column]) => column), 'joined'].map((column) => `${column} = r.${column} + EXCLUDED.${column}`).join(', ')}`,
    [memberId, sign],
  );
  await client.query(
    `INSERT INTO agent_team_active AS a (ancestor_id, day, prev_day, members)
     SELECT up.ancestor_id, b.day, b.prev_day, $2 * b.members
       FROM agent_closure up CROSS JOIN agent_team_active b
      WHERE up.descendant_id = $1 AND up.distance > 0 AND b.ancestor_id = $1 AND b.members <> 0
      ORDER BY 1, 2, 3
     ON CONFLICT (ancestor_id, day, prev_day) DO UPDATE SET members = a.members + EXCLUDED.members`,
    [memberId, sign],
  );
  await client.query(
    `UPDATE agent_nodes SET team_size = team_size + $2 * (SELECT team_size + 1 FROM agent_nodes WHERE member_id = $1)
      WHERE member_id IN (SELECT ancestor_id FROM agent_closure WHERE descendant_id = $1 AND distance > 0)`,
    [memberId, sign],
  );
};

/**
 * Moves `memberId` and its downline under `newParentId`. Call under `lockTree` after checking for cycles.
 * Set-based over the branch's members, by primary key (decision 0057, bench figures in its note): an ancestor
 * the branch keeps (above both places) only has its distances shifted, in place; only the ancestors it leaves
 * lose their rows and only those it joins get new ones; the members' depths shift. Each statement probes the
 * closure's key with the branch's ids, never scanning an ancestor's whole downline (the top of a large team holds
 * a row per member).
 */
export const moveBranch = async (
  client: Executor,
  memberId: string,
  newParentId: string,
  depthShift: number,
): Promise<void> => {
  await shiftBranch(client, memberId, -1);
  const { rows: before } = await client.query<{ id: string; distance: number }>(
    'SELECT ancestor_id AS id, distance FROM agent_closure WHERE descendant_id = $1 AND distance > 0',
    [memberId],
  );
  const { rows: after } = await client.query<{ id: string; distance: number }>(
    'SELECT ancestor_id AS id, distance + 1 AS distance FROM agent_closure WHERE descendant_id = $1',
    [newParentId],
  );
  const old = new Map(before.map((row) => [row.id, row.distance]));
  const kept = after.filter((row) => old.has(row.id) && old.get(row.id) !== row.distance);
  const left = before.filter((row) => !after.some((next) => next.id === row.id));
  const joined = after.filter((row) => !old.has(row.id));
  // The branch's members once, as an array the statements below probe the key with.
  const branch = `ARRAY(SELECT descendant_id FROM agent_closure WHERE ancestor_id = $1)`;
  if (kept.length > 0) {
    await client.query(
      `UPDATE agent_closure c SET distance = c.distance + x.shift
         FROM unnest($2::uuid[], $3::int[]) AS x(ancestor_id, shift)
        WHERE c.ancestor_id = x.ancestor_id AND c.descendant_id = ANY(${branch})`,
      [memberId, kept.map((row) => row.id), kept.map((row) => row.distance - (old.get(row.id) ?? 0))],
    );
  }
  if (left.length > 0) {
    await client.query(
      `DELETE FROM agent_closure c WHERE c.ancestor_id = ANY($2::uuid[]) AND c.descendant_id = ANY(${branch})`,
      [memberId, left.map((row) => row.id)],
    );
  }
  if (joined.length > 0) {
    await client.query(
      `INSERT INTO agent_closure (ancestor_id, descendant_id, distance)
       SELECT x.ancestor_id, sub.descendant_id, x.distance + sub.distance
         FROM unnest($2::uuid[], $3::int[]) AS x(ancestor_id, distance)
         CROSS JOIN agent_closure sub WHERE sub.ancestor_id = $1`,
      [memberId, joined.map((row) => row.id), joined.map((row) => row.distance)],
    );
  }
  await client.query('UPDATE agent_nodes SET parent_id = $2 WHERE member_id = $1', [memberId, newParentId]);
  await shiftBranch(client, memberId, 1);
  if (depthShift !== 0) {
    await client.query(`UPDATE agent_nodes SET depth = depth + $2 WHERE member_id = ANY(${branch})`, [
      memberId,
      depthShift,
    ]);
  }
};

/** Serialises the writes of one merchant's tree (placements, moves): no two of them see a half-changed tree. */
export const lockTree = async (client: Executor, merchantCode: string): Promise<void> => {
  await client.query("SELECT pg_advisory_xact_lock(hashtext('agent_tree:' || $1))", [merchantCode]);
};

/**
 * Taken by rollup writers: any number of them at once, but never during a placement or a move, whose team-total
 * changes read the closure and the rollups as one consistent state.
 */
export const lockTreeShared = async (client: Executor, merchantCode: string): Promise<void> => {
  await client.query("SELECT pg_advisory_xact_lock_shared(hashtext('agent_tree:' || $1))", [merchantCode]);
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
    await seedOwnTeamRows(client, node.memberId, node.merchantCode);
    await shiftBranch(client, node.memberId, 1);
    return true;
  },

  /** How far below `ancestorId` the member sits (0: itself); null when it is not in that subtree. */
  /** Every member below an agent at any depth (the agent left out). */
  downlineIds: async (agentId: string): Promise<string[]> =>
    (
      await pool.query<{ id: string }>(
        'SELECT descendant_id AS id FROM agent_closure WHERE ancestor_id = $1 AND distance > 0',
        [agentId],
      )
    ).rows.map((row) => row.id),

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

  /**
   * The downline's totals over the range (decision 0057), the agent's own rows taken out: one indexed read of the
   * agent's (ancestor, day) rows, one of its own rollups, one of its active-member counts. Sizes come with it.
   */
  teamTotals: async (agentId: string, from: string, to: string): Promise<TeamTotalsRow | null> => {
    const { rows } = await pool.query<TeamTotalsRow & { selfJoined: boolean; selfActive: boolean } & Own>(
      `SELECT n.team_size AS "teamMembers",
              (SELECT count(*)::int FROM agent_nodes k WHERE k.parent_id = n.member_id) AS "directMembers",
              (n.joined_at >= ($2::date)::timestamp AT TIME ZONE 'UTC'
                AND n.joined_at < ($3::date + 1)::timestamp AT TIME ZONE 'UTC') AS "selfJoined",
              t.*, o.*,
              (SELECT COALESCE(sum(a.members), 0)::int FROM agent_team_active a
                WHERE a.ancestor_id = n.member_id AND a.day BETWEEN $2::date AND $3::date AND a.prev_day < $2::date)
                AS active,
              (o."ownBetCount" > 0) AS "selfActive"
         FROM agent_nodes n
         CROSS JOIN LATERAL (SELECT ${SUMS}, COALESCE(sum(r.joined), 0)::int AS joined FROM agent_team_daily r
                              WHERE r.ancestor_id = n.member_id AND ${IN_RANGE('$2', '$3')}) t
         CROSS JOIN LATERAL (SELECT ${OWN_SUMS} FROM agent_daily_rollups r
                              WHERE r.member_id = n.member_id AND ${IN_RANGE('$2', '$3')}) o
        WHERE n.member_id = $1`,
      [agentId, from, to],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      teamMembers: row.teamMembers,
      directMembers: row.directMembers,
      joined: row.joined - (row.selfJoined ? 1 : 0),
      active: row.active - (row.selfActive ? 1 : 0),
      deposits: row.deposits - row.ownDeposits,
      depositCount: row.depositCount - row.ownDepositCount,
      withdrawals: row.withdrawals - row.ownWithdrawals,
      withdrawalCount: row.withdrawalCount - row.ownWithdrawalCount,
      bets: row.bets - row.ownBets,
      validBets: row.validBets - row.ownValidBets,
      payouts: row.payouts - row.ownPayouts,
      betCount: row.betCount - row.ownBetCount,
    };
  },

  /**
   * The own figures over the range of those of `memberIds` in the agent's downline (the agent itself excluded): their
   * sums, and how many of them had a settled bet (agent contracts take left-out members out of team totals with it).
   */
  downlineOwnTotals: async (
    agentId: string,
    memberIds: readonly string[],
    from: string,
    to: string,
  ): Promise<{ members: number; bets: bigint; validBets: bigint; payouts: bigint }> => {
    const { rows } = await pool.query<{ members: number; bets: bigint; validBets: bigint; payouts: bigint }>(
      `SELECT count(DISTINCT r.member_id) FILTER (WHERE r.bet_count > 0)::int AS members,
              COALESCE(sum(r.bets), 0)::bigint AS bets, COALESCE(sum(r.valid_bets), 0)::bigint AS "validBets",
              COALESCE(sum(r.payouts), 0)::bigint AS payouts
         FROM agent_daily_rollups r
         JOIN agent_closure c ON c.ancestor_id = $1 AND c.descendant_id = r.member_id AND c.distance > 0
        WHERE r.member_id = ANY($2::uuid[]) AND ${IN_RANGE('$3', '$4')}`,
      [agentId, [...memberIds], from, to],
    );
    return rows[0] ?? { members: 0, bets: 0n, validBets: 0n, payouts: 0n };
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
        ? `SELECT to_char(r.day, 'YYYY-MM-DD') AS day, ${FIGURES.map(
            ([column, alias, cast]) => `(r.${column} - COALESCE(o.${column}, 0))::${cast} AS "${alias}"`,
          ).join(', ')}
             FROM agent_team_daily r LEFT JOIN agent_daily_rollups o ON o.member_id = r.ancestor_id AND o.day = r.day
            WHERE r.ancestor_id = $1 AND ${IN_RANGE('$2', '$3')}
              AND r.deposit_count + r.withdrawal_count + r.bet_count
                > COALESCE(o.deposit_count + o.withdrawal_count + o.bet_count, 0)
            ORDER BY r.day DESC`
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
              n.team_size AS "teamMembers",
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

  moveBranch,

  /** The deepest level of the branch under `memberId`, relative to it (0: no downline). */
  branchHeight: async (client: Executor, memberId: string): Promise<number> => {
    const { rows } = await client.query<{ height: number }>(
      'SELECT COALESCE(max(distance), 0)::int AS height FROM agent_closure WHERE ancestor_id = $1',
      [memberId],
    );
    return rows[0]?.height ?? 0;
  },

  /**
   * Adds to a member's figures of a day (UTC), creating the day's row, and to the team rows of the member and each
   * of its ancestors; a member's first bet of a day also counts it active there. Call under `lockTreeShared` (a
   * placement or move in between would miss or double the change).
   */
  addToDay: async (
    client: Executor,
    row: { memberId: string; merchantCode: string; day: string | null } & Partial<FiguresRow>,
  ): Promise<void> => {
    const figures = [
      row.deposits ?? 0n,
      row.depositCount ?? 0,
      row.withdrawals ?? 0n,
      row.withdrawalCount ?? 0,
      row.bets ?? 0n,
      row.validBets ?? 0n,
      row.payouts ?? 0n,
      row.betCount ?? 0,
    ];
    const columns = FIGURES.map(([column]) => column).join(', ');
    const added = FIGURES.map(([column]) => `${column} = r.${column} + EXCLUDED.${column}`).join(', ');
    const values = FIGURES.map((_, i) => `$${i + 4}`).join(', ');
    const { rows } = await client.query<{ day: string; betCount: number }>(
      `INSERT INTO agent_daily_rollups AS r (member_id, day, merchant_code, ${columns})
       VALUES ($1, COALESCE($3::timestamptz, now()) AT TIME ZONE 'UTC', $2, ${values})
       ON CONFLICT (member_id, day) DO UPDATE SET ${added}
       RETURNING to_char(r.day, 'YYYY-MM-DD') AS day, r.bet_count AS "betCount"`,
      [row.memberId, row.merchantCode, row.day, ...figures],
    );
    const day = rows[0]?.day as string;
    await client.query(
      `INSERT INTO agent_team_daily AS r (ancestor_id, day, merchant_code, ${columns})
       SELECT c.ancestor_id, $2::date, $3, ${FIGURES.map((_, i) => `$${i + 4}`).join(', ')}
         FROM agent_closure c WHERE c.descendant_id = $1 ORDER BY c.ancestor_id
       ON CONFLICT (ancestor_id, day) DO UPDATE SET ${added}`,
      [row.memberId, day, row.merchantCode, ...figures],
    );
    const betCount = row.betCount ?? 0;
    if (betCount > 0 && rows[0]?.betCount === betCount) await countActive(client, row.memberId, day);
  },

  profile: async (memberId: string, db: Executor = pool): Promise<ProfileRow | null> => {
    const { rows } = await db.query<ProfileRow>(
      `SELECT member_id AS "memberId", merchant_code AS "merchantCode", agent_type AS "agentType",
              affiliate_code AS "affiliateCode", frozen, rates FROM agent_profiles WHERE member_id = $1`,
      [memberId],
    );
    return rows[0] ?? null;
  },

  profilesOf: async (memberIds: readonly string[]): Promise<Map<string, ProfileRow>> => {
    if (memberIds.length === 0) return new Map();
    const { rows } = await pool.query<ProfileRow>(
      `SELECT member_id AS "memberId", merchant_code AS "merchantCode", agent_type AS "agentType",
              affiliate_code AS "affiliateCode", frozen, rates FROM agent_profiles WHERE member_id = ANY($1::uuid[])`,
      [memberIds],
    );
    return new Map(rows.map((row) => [row.memberId, row]));
  },

  /** Creates or updates an agent's profile; `rates` are a new agent's only (an existing agent keeps its own). */
  saveProfile: async (client: Executor, profile: Omit<ProfileRow, 'frozen'>): Promise<void> => {
    await client.query(
      `INSERT INTO agent_profiles (member_id, merchant_code, agent_type, affiliate_code, rates)
       VALUES ($1, $2, $3, $4, $5::jsonb)
       ON CONFLICT (member_id) DO UPDATE SET agent_type = EXCLUDED.agent_type, affiliate_code = EXCLUDED.affiliate_code`,
      [profile.memberId, profile.merchantCode, profile.agentType, profile.affiliateCode, JSON.stringify(profile.rates)],
    );
  },

  deleteProfile: async (client: Executor, memberId: string): Promise<void> => {
    await client.query('DELETE FROM agent_profiles WHERE member_id = $1', [memberId]);
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
