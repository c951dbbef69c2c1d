import type { GameCategory } from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';
import type { RebateClaimPart } from './rebate.schema';

export type Client = pg.PoolClient;
type Executor = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

export interface SettingsRow {
  minimumAmount: bigint;
  maximumAmount: bigint | null;
  updatedAt: Date;
  rates: Partial<Record<GameCategory, number>>;
}

export interface ClaimRow {
  id: string;
  merchantCode: string;
  memberId: string;
  currency: string;
  amount: bigint;
  totalAmount: bigint;
  validBet: bigint;
  roundCount: number;
  breakdown: RebateClaimPart[];
  ledgerTransactionId: bigint;
  createdAt: Date;
}

export type NewClaim = Omit<ClaimRow, 'createdAt'>;

const CLAIM_COLUMNS = `id, merchant_code AS "merchantCode", member_id AS "memberId", currency, amount,
  total_amount AS "totalAmount", valid_bet AS "validBet", round_count AS "roundCount", breakdown,
  ledger_transaction_id AS "ledgerTransactionId", created_at AS "createdAt"`;

/** SQL of the manual rebate's own tables: settings, rates and collections (rounds are the bets module's). */
export const createRebateRepository = (pool: pg.Pool) => {
  /** The settings and every rate in one statement, so one snapshot: never a new minimum beside old rates. */
  const readSettings = async (executor: Executor, merchantCode: string, lock: boolean): Promise<SettingsRow | null> => {
    const { rows } = await executor.query<SettingsRow>(
      `SELECT s.minimum_amount AS "minimumAmount", s.maximum_amount AS "maximumAmount", s.updated_at AS "updatedAt",
              coalesce((SELECT json_object_agg(r.game_type, r.rate_ppm) FROM rebate_rates r
                        WHERE r.merchant_code = s.merchant_code), '{}'::json) AS rates
       FROM rebate_settings s WHERE s.merchant_code = $1${lock ? ' FOR UPDATE OF s' : ''}`,
      [merchantCode],
    );
    return rows[0] ?? null;
  };

  const countAndList = async (where: string, params: unknown[], page: { offset: number; limit: number }) => {
    const [list, count] = await Promise.all([
      pool.query<ClaimRow>(
        `SELECT ${CLAIM_COLUMNS} FROM rebate_claims WHERE ${where} ORDER BY created_at DESC, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, page.limit, page.offset],
      ),
      pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM rebate_claims WHERE ${where}`, params),
    ]);
    return { rows: list.rows, total: count.rows[0]?.n ?? 0 };
  };

  return {
    inTransaction: <T>(work: (client: Client) => Promise<T>): Promise<T> => inTransaction(pool, work),

    settings: (merchantCode: string, executor: Executor = pool) => readSettings(executor, merchantCode, false),

    /** Serialises changes of one merchant's settings (even before its first row) and reads them as they stand. */
    lockSettings: async (client: Client, merchantCode: string) => {
      await client.query("SELECT pg_advisory_xact_lock(hashtext('rebate_settings:' || $1))", [merchantCode]);
      return readSettings(client, merchantCode, true);
    },

    /** Writes a merchant's settings and every category's rate (the caller holds `lockSettings`). */
    saveSettings: async (
      client: Client,
      merchantCode: string,
      settings: { ratesPpm: Record<GameCategory, number>; minimum: bigint; maximum: bigint | null },
    ): Promise<void> => {
      await client.query(
        `INSERT INTO rebate_settings (merchant_code, minimum_amount, maximum_amount) VALUES ($1, $2, $3)
         ON CONFLICT (merchant_code) DO UPDATE SET minimum_amount = $2, maximum_amount = $3, updated_at = now()`,
        [merchantCode, settings.minimum, settings.maximum],
      );
      const entries = Object.entries(settings.ratesPpm);
      await client.query(
        `INSERT INTO rebate_rates (merchant_code, game_type, rate_ppm)
         SELECT $1, game_type, rate_ppm FROM unnest($2::text[], $3::int[]) AS r(game_type, rate_ppm)
         ON CONFLICT (merchant_code, game_type) DO UPDATE SET rate_ppm = excluded.rate_ppm`,
        [merchantCode, entries.map(([gameType]) => gameType), entries.map(([, ppm]) => ppm)],
      );
    },

    /** Serialises one member's collections: a second waits, then sees the rounds the first took. */
    lockMemberCollections: async (client: Client, memberId: string): Promise<void> => {
      await client.query("SELECT pg_advisory_xact_lock(hashtext('rebate_collect:' || $1))", [memberId]);
    },

    insertClaim: async (client: Client, claim: NewClaim): Promise<ClaimRow> => {
      const { rows } = await client.query<ClaimRow>(
        `INSERT INTO rebate_claims (id, merchant_code, member_id, currency, amount, total_amount, valid_bet, round_count,
                                    breakdown, ledger_transaction_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${CLAIM_COLUMNS}`,
        [
          claim.id,
          claim.merchantCode,
          claim.memberId,
          claim.currency,
          claim.amount,
          claim.totalAmount,
          claim.validBet,
          claim.roundCount,
          JSON.stringify(claim.breakdown),
          claim.ledgerTransactionId,
        ],
      );
      const row = rows[0];
      if (!row) throw new Error('rebate claim not written');
      return row;
    },

    memberClaims: (memberId: string, merchantCode: string, page: { offset: number; limit: number }) =>
      countAndList('member_id = $1 AND merchant_code = $2', [memberId, merchantCode], page),

    merchantClaims: (merchantCode: string, page: { offset: number; limit: number }) =>
      countAndList('merchant_code = $1', [merchantCode], page),
  };
};

export type RebateRepository = ReturnType<typeof createRebateRepository>;
