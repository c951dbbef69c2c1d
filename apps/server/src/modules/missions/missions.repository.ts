import type { LanguageCode, MissionBoardPeriod, MissionCategory, MissionKind, MissionPeriod } from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';

export type Client = pg.PoolClient;
type Executor = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

export interface MissionRow {
  id: string;
  merchantCode: string;
  kind: MissionKind;
  period: MissionPeriod;
  category: MissionCategory;
  target: bigint;
  reward: bigint;
  score: number;
  titles: Partial<Record<LanguageCode, string>>;
  descriptions: Partial<Record<LanguageCode, string>>;
  enabled: boolean;
  sortOrder: number;
  createdAt: Date;
  updatedAt: Date;
}
export type MissionValues = Omit<MissionRow, 'id' | 'merchantCode' | 'createdAt' | 'updatedAt'>;

export interface ProgressRow {
  id: bigint;
  missionId: string;
  memberId: string;
  periodKey: string;
  progress: bigint;
  target: bigint;
  reward: bigint;
  score: number;
  lastDay: string | null;
  completedAt: Date | null;
  claimedAt: Date | null;
}

/**
 * The leaderboard's one statement ($1 merchant, $2 period, $3 period key, $4 member, $5 top size). NULLS LAST as the
 * rank index is declared (score is NOT NULL), so the top is read from the index, never sorted. Exported for
 * `npm run bench:missions`, which times it from a client of its own.
 */
export const BOARD_VIEW_SQL = `WITH me AS (
    SELECT score FROM mission_board
    WHERE merchant_code = $1 AND period = $2 AND period_key = $3 AND member_id = $4
  ), place AS (
    SELECT (SELECT score FROM me) AS my_score,
           coalesce(sum(members) FILTER (WHERE score > (SELECT score FROM me)), 0)::int AS ahead,
           coalesce(sum(members), 0)::int AS members
    FROM mission_board_counts WHERE merchant_code = $1 AND period = $2 AND period_key = $3
  ), top AS (
    SELECT member_id, username, score, reached_at, (rank() OVER (ORDER BY score DESC NULLS LAST))::int AS rank
    FROM (SELECT member_id, username, score, reached_at FROM mission_board
          WHERE merchant_code = $1 AND period = $2 AND period_key = $3
          ORDER BY score DESC NULLS LAST, reached_at LIMIT $5) best
  )
  SELECT place.my_score AS "myScore", place.ahead, place.members,
         top.member_id AS "memberId", top.username, top.score, top.rank
  FROM place LEFT JOIN top ON true
  ORDER BY top.score DESC NULLS LAST, top.reached_at`;

export interface BoardEntryRow {
  memberId: string;
  username: string;
  score: number;
  rank: number;
}

export interface MissionFiguresRow {
  missionId: string;
  members: number;
  completed: number;
  claimed: number;
  currentMembers: number;
  currentCompleted: number;
  currentClaimed: number;
  cost: bigint;
}

const MISSION_COLUMNS = `id, merchant_code AS "merchantCode", kind, period, category, target, reward, score, titles,
  descriptions, enabled, sort_order AS "sortOrder", created_at AS "createdAt", updated_at AS "updatedAt"`;
const PROGRESS_COLUMNS = `id, mission_id AS "missionId", member_id AS "memberId", period_key AS "periodKey", progress,
  target, reward, score, last_day AS "lastDay", completed_at AS "completedAt", claimed_at AS "claimedAt"`;

/** A mission's editable values as statement parameters, in column order (kind … sort_order). */
const valueParams = (values: MissionValues) => [
  values.kind,
  values.period,
  values.category,
  values.target,
  values.reward,
  values.score,
  JSON.stringify(values.titles),
  JSON.stringify(values.descriptions),
  values.enabled,
  values.sortOrder,
];

export const createMissionsRepository = (pool: pg.Pool) => ({
  inTransaction: <T>(work: (client: Client) => Promise<T>) => inTransaction(pool, work),

  missions: async (merchantCode: string, enabledOnly: boolean, executor: Executor = pool): Promise<MissionRow[]> =>
    (
      await executor.query<MissionRow>(
        `SELECT ${MISSION_COLUMNS} FROM missions WHERE merchant_code = $1 ${enabledOnly ? 'AND enabled' : ''}
         ORDER BY sort_order, created_at`,
        [merchantCode],
      )
    ).rows,

  insertMission: async (client: Client, merchantCode: string, values: MissionValues): Promise<MissionRow> => {
    const { rows } = await client.query<MissionRow>(
      `INSERT INTO missions (merchant_code, kind, period, category, target, reward, score, titles, descriptions,
         enabled, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${MISSION_COLUMNS}`,
      [merchantCode, ...valueParams(values)],
    );
    return rows[0] as MissionRow;
  },

  lockMission: async (client: Client, merchantCode: string, id: string): Promise<MissionRow | null> =>
    (
      await client.query<MissionRow>(
        `SELECT ${MISSION_COLUMNS} FROM missions WHERE id = $1 AND merchant_code = $2 FOR UPDATE`,
        [id, merchantCode],
      )
    ).rows[0] ?? null,

  updateMission: async (client: Client, id: string, values: MissionValues): Promise<MissionRow> => {
    const { rows } = await client.query<MissionRow>(
      `UPDATE missions SET kind = $2, period = $3, category = $4, target = $5, reward = $6, score = $7, titles = $8,
         descriptions = $9, enabled = $10, sort_order = $11, updated_at = now()
       WHERE id = $1 RETURNING ${MISSION_COLUMNS}`,
      [id, ...valueParams(values)],
    );
    return rows[0] as MissionRow;
  },

  hasProgress: async (client: Client, missionId: string): Promise<boolean> =>
    (await client.query('SELECT 1 FROM mission_progress WHERE mission_id = $1 LIMIT 1', [missionId])).rowCount === 1,

  /** The member's row of a mission in a period, locked; created at zero (with the mission's terms) when absent. */
  lockProgress: async (
    client: Client,
    mission: MissionRow,
    memberId: string,
    periodKey: string,
  ): Promise<ProgressRow> => {
    const select = `SELECT ${PROGRESS_COLUMNS} FROM mission_progress
      WHERE mission_id = $1 AND member_id = $2 AND period_key = $3 FOR UPDATE`;
    const found = await client.query<ProgressRow>(select, [mission.id, memberId, periodKey]);
    if (found.rows[0]) return found.rows[0];
    await client.query(
      `INSERT INTO mission_progress (mission_id, merchant_code, member_id, period_key, progress, target, reward, score)
       VALUES ($1, $2, $3, $4, 0, $5, $6, $7) ON CONFLICT (mission_id, member_id, period_key) DO NOTHING`,
      [mission.id, mission.merchantCode, memberId, periodKey, mission.target, mission.reward, mission.score],
    );
    return (await client.query<ProgressRow>(select, [mission.id, memberId, periodKey])).rows[0] as ProgressRow;
  },

  saveProgress: async (
    client: Client,
    id: bigint,
    values: { progress: bigint; lastDay: string | null; completes: boolean },
  ): Promise<void> => {
    await client.query(
      `UPDATE mission_progress SET progress = $2, last_day = $3,
         completed_at = CASE WHEN $4::boolean THEN now() ELSE completed_at END, updated_at = now()
       WHERE id = $1`,
      [id, values.progress, values.lastDay, values.completes],
    );
  },

  /** The member's rows of the given (mission, period) pairs and every completed row not yet claimed. */
  memberRows: async (memberId: string, current: { missionId: string; periodKey: string }[]): Promise<ProgressRow[]> =>
    (
      await pool.query<ProgressRow>(
        `SELECT ${PROGRESS_COLUMNS} FROM mission_progress
         WHERE member_id = $1
           AND ((mission_id, period_key) IN (SELECT * FROM unnest($2::uuid[], $3::text[]))
                OR (completed_at IS NOT NULL AND claimed_at IS NULL))
         ORDER BY completed_at NULLS LAST, id`,
        [memberId, current.map((entry) => entry.missionId), current.map((entry) => entry.periodKey)],
      )
    ).rows,

  missionsByIds: async (ids: string[]): Promise<MissionRow[]> =>
    (await pool.query<MissionRow>(`SELECT ${MISSION_COLUMNS} FROM missions WHERE id = ANY($1::uuid[])`, [ids])).rows,

  claimableCount: async (memberId: string, executor: Executor = pool): Promise<number> =>
    (
      await executor.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM mission_progress
         WHERE member_id = $1 AND completed_at IS NOT NULL AND claimed_at IS NULL`,
        [memberId],
      )
    ).rows[0]?.count ?? 0,

  lockForClaim: async (
    client: Client,
    memberId: string,
    missionId: string,
    periodKey: string,
  ): Promise<ProgressRow | null> =>
    (
      await client.query<ProgressRow>(
        `SELECT ${PROGRESS_COLUMNS} FROM mission_progress
         WHERE member_id = $1 AND mission_id = $2 AND period_key = $3 FOR UPDATE`,
        [memberId, missionId, periodKey],
      )
    ).rows[0] ?? null,

  markClaimed: async (client: Client, id: bigint): Promise<void> => {
    await client.query('UPDATE mission_progress SET claimed_at = now(), updated_at = now() WHERE id = $1', [id]);
  },

  /**
   * Adds points to a member's board row, and moves the member between score counts, on the caller's transaction.
   * Buckets are taken lowest score first (the old score is below the new one), so two changes never wait on each
   * other in a cycle.
   */
  addBoardScore: async (
    client: Client,
    entry: {
      merchantCode: string;
      period: MissionBoardPeriod;
      periodKey: string;
      memberId: string;
      username: string;
      add: number;
    },
  ): Promise<void> => {
    const key = [entry.merchantCode, entry.period, entry.periodKey];
    const { rows } = await client.query<{ score: number }>(
      `SELECT score FROM mission_board
       WHERE merchant_code = $1 AND period = $2 AND period_key = $3 AND member_id = $4 FOR UPDATE`,
      [...key, entry.memberId],
    );
    const before = rows[0]?.score ?? 0;
    const after = before + entry.add;
    if (before > 0) {
      await client.query(
        `UPDATE mission_board_counts SET members = members - 1
         WHERE merchant_code = $1 AND period = $2 AND period_key = $3 AND score = $4`,
        [...key, before],
      );
    }
    await client.query(
      `INSERT INTO mission_board_counts (merchant_code, period, period_key, score, members) VALUES ($1, $2, $3, $4, 1)
       ON CONFLICT (merchant_code, period, period_key, score) DO UPDATE SET members = mission_board_counts.members + 1`,
      [...key, after],
    );
    await client.query(
      `INSERT INTO mission_board (merchant_code, period, period_key, member_id, username, score, reached_at)
       VALUES ($1, $2, $3, $4, $5, $6, now())
       ON CONFLICT (merchant_code, period, period_key, member_id)
       DO UPDATE SET score = EXCLUDED.score, reached_at = now()`,
      [...key, entry.memberId, entry.username, after],
    );
  },

  /**
   * A board's top `limit` members with their competition ranks (ties share a rank, earlier first) and one member's
   * score, rank and the board's size, in one statement on one connection (decision 0150): the place comes from the
   * score counts (one row per distinct score: the rank is one plus the members on higher scores, never a count over
   * the members), the top from the rank index without a sort. The place is one row always, joined to each top row,
   * so an empty board still answers the member's place.
   */
  boardView: async (
    merchantCode: string,
    period: MissionBoardPeriod,
    periodKey: string,
    memberId: string,
    limit: number,
  ): Promise<{ top: BoardEntryRow[]; place: { score: number; rank: number | null; members: number } }> => {
    const { rows } = await pool.query<{
      myScore: number | null;
      ahead: number;
      members: number;
      memberId: string | null;
      username: string | null;
      score: number | null;
      rank: number | null;
    }>(BOARD_VIEW_SQL, [merchantCode, period, periodKey, memberId, limit]);
    const first = rows[0];
    const top = rows.flatMap((row) =>
      row.memberId !== null && row.username !== null && row.score !== null && row.rank !== null
        ? [{ memberId: row.memberId, username: row.username, score: row.score, rank: row.rank }]
        : [],
    );
    if (!first || first.myScore === null) return { top, place: { score: 0, rank: null, members: first?.members ?? 0 } };
    return { top, place: { score: first.myScore, rank: first.ahead + 1, members: first.members } };
  },

  figures: async (merchantCode: string, keys: { daily: string; weekly: string }): Promise<MissionFiguresRow[]> =>
    (
      await pool.query<MissionFiguresRow>(
        `SELECT p.mission_id AS "missionId",
           count(*)::int AS members,
           count(p.completed_at)::int AS completed,
           count(p.claimed_at)::int AS claimed,
           count(*) FILTER (WHERE current)::int AS "currentMembers",
           count(p.completed_at) FILTER (WHERE current)::int AS "currentCompleted",
           count(p.claimed_at) FILTER (WHERE current)::int AS "currentClaimed",
           coalesce(sum(p.reward) FILTER (WHERE p.claimed_at IS NOT NULL), 0)::bigint AS cost
         FROM (SELECT p.*, p.period_key = CASE m.period WHEN 'daily' THEN $2 WHEN 'weekly' THEN $3 ELSE 'once' END
                 AS current
               FROM mission_progress p JOIN missions m ON m.id = p.mission_id
               WHERE m.merchant_code = $1) p
         GROUP BY p.mission_id`,
        [merchantCode, keys.daily, keys.weekly],
      )
    ).rows,
});

export type MissionsRepository = ReturnType<typeof createMissionsRepository>;
