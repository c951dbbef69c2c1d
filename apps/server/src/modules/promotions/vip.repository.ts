import type { VipLevelValues } from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';
import type { Client, Executor } from './rewards.repository';

export interface VipLevelRow extends VipLevelValues {
  merchantCode: string;
  rankLevel: number;
  updatedAt: Date;
}

const COLUMNS = `merchant_code AS "merchantCode", rank_level AS "rankLevel", names,
  deposit_requirement AS "depositRequirement", valid_bet_requirement AS "validBetRequirement",
  upgrade_bonus AS "upgradeBonus", benefits, updated_at AS "updatedAt"`;

const valuesOf = (values: VipLevelValues) => [
  JSON.stringify(values.names),
  values.depositRequirement,
  values.validBetRequirement,
  values.upgradeBonus,
  JSON.stringify(values.benefits),
];

export const createVipRepository = (pool: pg.Pool) => ({
  inTransaction: <T>(work: (client: Client) => Promise<T>): Promise<T> => inTransaction(pool, work),

  /** A merchant's levels, lowest first. */
  levels: async (merchantCode: string, db: Executor = pool): Promise<VipLevelRow[]> =>
    (
      await db.query<VipLevelRow>(`SELECT ${COLUMNS} FROM vip_levels WHERE merchant_code = $1 ORDER BY rank_level`, [
        merchantCode,
      ])
    ).rows,

  /** A merchant's levels, with every change to them held off until the caller's transaction ends. */
  lockLevels: async (client: Client, merchantCode: string): Promise<VipLevelRow[]> => {
    await client.query("SELECT pg_advisory_xact_lock(hashtext('vip_levels:' || $1))", [merchantCode]);
    return (
      await client.query<VipLevelRow>(
        `SELECT ${COLUMNS} FROM vip_levels WHERE merchant_code = $1 ORDER BY rank_level FOR UPDATE`,
        [merchantCode],
      )
    ).rows;
  },

  insertLevel: async (client: Client, merchantCode: string, rankLevel: number, values: VipLevelValues) => {
    await client.query(
      `INSERT INTO vip_levels (merchant_code, rank_level, names, deposit_requirement, valid_bet_requirement,
         upgrade_bonus, benefits) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [merchantCode, rankLevel, ...valuesOf(values)],
    );
  },

  updateLevel: async (client: Client, merchantCode: string, rankLevel: number, values: VipLevelValues) => {
    await client.query(
      `UPDATE vip_levels SET names = $3, deposit_requirement = $4, valid_bet_requirement = $5, upgrade_bonus = $6,
         benefits = $7, updated_at = now()
       WHERE merchant_code = $1 AND rank_level = $2`,
      [merchantCode, rankLevel, ...valuesOf(values)],
    );
  },

  deleteLevel: async (client: Client, merchantCode: string, rankLevel: number) => {
    await client.query('DELETE FROM vip_levels WHERE merchant_code = $1 AND rank_level = $2', [
      merchantCode,
      rankLevel,
    ]);
  },

  /**
   * Adds a deposit or a valid bet to the member's running totals on the event's transaction, and says whether the
   * totals now meet a level above the member's kept rank (one statement: the common answer, no, costs nothing more).
   */
  addToTotals: async (
    client: Client,
    entry: { memberId: string; merchantCode: string; currency: string; deposits: bigint; validBets: bigint },
  ): Promise<boolean> => {
    const { rows } = await client.query<{ may_rise: boolean }>(
      `WITH totals AS (
         INSERT INTO vip_totals (member_id, merchant_code, currency, deposits, valid_bets)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (member_id, currency) DO UPDATE SET
           deposits = vip_totals.deposits + EXCLUDED.deposits,
           valid_bets = vip_totals.valid_bets + EXCLUDED.valid_bets,
           updated_at = now()
         RETURNING deposits, valid_bets)
       SELECT EXISTS (
         SELECT 1 FROM totals, vip_levels l
          WHERE l.merchant_code = $2
            AND l.rank_level > coalesce((SELECT rank_level FROM member_vip WHERE member_id = $1), 0)
            AND l.deposit_requirement <= totals.deposits AND l.valid_bet_requirement <= totals.valid_bets) AS may_rise`,
      [entry.memberId, entry.merchantCode, entry.currency, entry.deposits, entry.validBets],
    );
    return rows[0]?.may_rise ?? false;
  },

  /** The merchant's members whose kept rank is one of `ranks`. */
  memberIdsAtRanks: async (merchantCode: string, ranks: readonly number[]): Promise<string[]> =>
    (
      await pool.query<{ id: string }>(
        'SELECT member_id AS id FROM member_vip WHERE merchant_code = $1 AND rank_level = ANY($2::int[])',
        [merchantCode, [...ranks]],
      )
    ).rows.map((row) => row.id),

  /** The rank a member has kept so far (0 before the first). */
  keptRank: async (memberId: string): Promise<number> =>
    (await pool.query<{ rank: number }>('SELECT rank_level AS rank FROM member_vip WHERE member_id = $1', [memberId]))
      .rows[0]?.rank ?? 0,

  /** The member's kept rank, its row created when absent and locked until the caller's transaction ends. */
  lockKeptRank: async (client: Client, merchantCode: string, memberId: string): Promise<number> => {
    await client.query(
      'INSERT INTO member_vip (member_id, merchant_code) VALUES ($1, $2) ON CONFLICT (member_id) DO NOTHING',
      [memberId, merchantCode],
    );
    const { rows } = await client.query<{ rank: number }>(
      'SELECT rank_level AS rank FROM member_vip WHERE member_id = $1 FOR UPDATE',
      [memberId],
    );
    return rows[0]?.rank ?? 0;
  },

  /** Raises a member's kept rank (never lowers it). */
  raiseKeptRank: async (client: Client, memberId: string, rankLevel: number) => {
    await client.query(
      `UPDATE member_vip SET rank_level = $2, reached_at = now(), updated_at = now()
       WHERE member_id = $1 AND rank_level < $2`,
      [memberId, rankLevel],
    );
  },
});

export type VipRepository = ReturnType<typeof createVipRepository>;
