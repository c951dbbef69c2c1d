import type { GameCategory } from '@tessera/contracts';
import type pg from 'pg';
import type { BetRoundStatus } from './bets.schema';

/** A pool or a client inside a caller's transaction: the bets store writes in the caller's transaction. */
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

export interface RoundKey {
  source: string;
  provider: string;
  roundRef: string;
}

export interface NewRound extends RoundKey {
  merchantCode: string;
  memberId: string;
  gameId: number;
  gameType: GameCategory;
  vendorCode: string;
  currency: string;
  details?: Record<string, unknown>;
}

export interface BetRoundRow {
  id: bigint;
  merchantCode: string;
  memberId: string;
  source: string;
  provider: string;
  roundRef: string;
  gameId: number;
  gameType: GameCategory;
  vendorCode: string;
  currency: string;
  betAmount: bigint;
  validBet: bigint;
  payout: bigint;
  status: BetRoundStatus;
  placedAt: Date;
  settledAt: Date | null;
}

interface RawRound {
  id: bigint;
  merchant_code: string;
  member_id: string;
  source: string;
  provider: string;
  round_ref: string;
  game_id: number;
  game_type: GameCategory;
  vendor_code: string;
  currency: string;
  bet_amount: bigint;
  valid_bet: bigint;
  payout: bigint;
  status: BetRoundStatus;
  placed_at: Date;
  settled_at: Date | null;
}

const toRow = (raw: RawRound): BetRoundRow => ({
  id: raw.id,
  merchantCode: raw.merchant_code,
  memberId: raw.member_id,
  source: raw.source,
  provider: raw.provider,
  roundRef: raw.round_ref,
  gameId: raw.game_id,
  gameType: raw.game_type,
  vendorCode: raw.vendor_code,
  currency: raw.currency,
  betAmount: raw.bet_amount,
  validBet: raw.valid_bet,
  payout: raw.payout,
  status: raw.status,
  placedAt: raw.placed_at,
  settledAt: raw.settled_at,
});

const insertColumns =
  'merchant_code, member_id, source, provider, round_ref, game_id, game_type, vendor_code, currency, details';
const insertValues = (round: NewRound) => [
  round.merchantCode,
  round.memberId,
  round.source,
  round.provider,
  round.roundRef,
  round.gameId,
  round.gameType,
  round.vendorCode,
  round.currency,
  JSON.stringify(round.details ?? {}),
];

export interface Totals {
  betCount: number;
  betAmount: bigint;
  validBet: bigint;
  payout: bigint;
}

const totalsOf = (raw: { bet_count: string; bet_amount: string; valid_bet: string; payout: string }): Totals => ({
  betCount: Number(raw.bet_count),
  betAmount: BigInt(raw.bet_amount),
  validBet: BigInt(raw.valid_bet),
  payout: BigInt(raw.payout),
});

/** One category's valid bets of the rounds a rebate reads or takes. */
export interface RebateTurnover {
  gameType: GameCategory;
  validBet: bigint;
  roundCount: number;
}

/** Whose rounds a rebate reads or takes: a member's, in one currency, of some categories. */
export interface RebateRoundFilter {
  memberId: string;
  merchantCode: string;
  currency: string;
  gameTypes: readonly GameCategory[];
}

/**
 * Settled rounds with a valid bet that no collection has taken yet. The preview reads and the collection takes
 * the same rows, so what the preview shows is what collecting at once would pay.
 */
const NOT_REBATED = `member_id = $1 AND merchant_code = $2 AND currency = $3 AND game_type = ANY($4::text[])
  AND status = 'settled' AND rebate_claim_id IS NULL AND valid_bet > 0`;

const rebateFilterValues = (filter: RebateRoundFilter) => [
  filter.memberId,
  filter.merchantCode,
  filter.currency,
  filter.gameTypes,
];

const turnoverOf = (rows: { game_type: GameCategory; valid_bet: string; round_count: number }[]): RebateTurnover[] =>
  rows.map((row) => ({ gameType: row.game_type, validBet: BigInt(row.valid_bet), roundCount: row.round_count }));

/** Rows of a member between two local dates of a time zone, both ends included. */
const RANGE = `member_id = $1 AND merchant_code = $2
  AND %COL% >= ($3::date)::timestamp AT TIME ZONE $5 AND %COL% < ($4::date + 1)::timestamp AT TIME ZONE $5`;
const range = (column: string) => RANGE.replaceAll('%COL%', column);

/**
 * `replica`: where the records and reports read (winners, a member's history, a team's rounds, profit), the read
 * replica when one is configured (decision 0161); everything else, and every write, on `pool`.
 */
export const createBetsRepository = (pool: pg.Pool, replica: pg.Pool = pool) => ({
  /**
   * Adds a stake to a round, opening it on the first one. The SQL is the database function bet_rounds_add_bet
   * (migration 0013), which the seamless wallet's one-statement calls use too.
   */
  addBet: async (db: Queryable, round: NewRound, amount: bigint, at: Date) => {
    await db.query('SELECT bet_rounds_add_bet($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)', [
      ...insertValues(round),
      amount,
      at,
    ]);
  },

  /** Adds a payout; `close` settles the round (its bet becomes valid turnover). SQL: bet_rounds_add_payout. */
  addPayout: async (db: Queryable, key: RoundKey, amount: bigint, close: boolean, at: Date) => {
    await db.query('SELECT bet_rounds_add_payout($1, $2, $3, $4, $5, $6)', [
      key.source,
      key.provider,
      key.roundRef,
      amount,
      close,
      at,
    ]);
  },

  /**
   * Closes many rounds of one source and provider at once with their payouts (0 allowed), as `addPayout` with
   * `close` does for one: their stakes become valid turnover, and each round settled emits its `bet.settled`.
   * Answers how many rounds it closed.
   */
  closeMany: async (
    db: Queryable,
    key: { source: string; provider: string },
    rounds: { roundRefs: string[]; payouts: bigint[] },
    at: Date,
  ): Promise<number> =>
    (
      await db.query(
        `UPDATE bet_rounds b SET payout = b.payout + x.amount, status = 'settled', valid_bet = b.bet_amount,
                settled_at = $5
           FROM unnest($3::text[], $4::bigint[]) AS x(round_ref, amount)
          WHERE b.source = $1 AND b.provider = $2 AND b.round_ref = x.round_ref AND b.status = 'open'`,
        [key.source, key.provider, rounds.roundRefs, rounds.payouts.map(String), at],
      )
    ).rowCount ?? 0,

  /** Refunds many rounds' whole stakes at once (each cancelled), as `removeBet` does for one. */
  refundMany: async (
    db: Queryable,
    key: { source: string; provider: string },
    rounds: { roundRefs: string[]; amounts: bigint[] },
    at: Date,
  ): Promise<number> =>
    (
      await db.query(
        `UPDATE bet_rounds b SET bet_amount = b.bet_amount - x.amount,
                status = CASE WHEN b.bet_amount - x.amount <= 0 THEN 'cancelled' ELSE b.status END,
                settled_at = CASE WHEN b.bet_amount - x.amount <= 0 THEN $5 ELSE b.settled_at END,
                valid_bet = 0
           FROM unnest($3::text[], $4::bigint[]) AS x(round_ref, amount)
          WHERE b.source = $1 AND b.provider = $2 AND b.round_ref = x.round_ref AND b.status = 'open'`,
        [key.source, key.provider, rounds.roundRefs, rounds.amounts.map(String), at],
      )
    ).rowCount ?? 0,

  /** Takes a refunded stake off a round; a round left with no stake is cancelled. */
  removeBet: async (db: Queryable, key: RoundKey, amount: bigint, at: Date) => {
    await db.query(
      `UPDATE bet_rounds SET bet_amount = bet_amount - $4,
         status = CASE WHEN bet_amount - $4 <= 0 THEN 'cancelled' ELSE status END,
         settled_at = CASE WHEN bet_amount - $4 <= 0 THEN $5 ELSE settled_at END,
         valid_bet = 0
       WHERE source = $1 AND provider = $2 AND round_ref = $3`,
      [key.source, key.provider, key.roundRef, amount, at],
    );
  },

  /** A whole round in one write (a game that settles at once); a repeat changes nothing. */
  recordSettled: async (
    db: Queryable,
    round: NewRound,
    amounts: { betAmount: bigint; payout: bigint },
    at: { placedAt: Date; settledAt: Date },
  ): Promise<boolean> => {
    const result = await db.query(
      `INSERT INTO bet_rounds (${insertColumns}, bet_amount, valid_bet, payout, status, placed_at, settled_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12, 'settled', $13, $14)
       ON CONFLICT (source, provider, round_ref) DO NOTHING`,
      [...insertValues(round), amounts.betAmount, amounts.payout, at.placedAt, at.settledAt],
    );
    return (result.rowCount ?? 0) > 0;
  },

  find: async (key: RoundKey): Promise<BetRoundRow | null> => {
    const { rows } = await pool.query<RawRound>(
      'SELECT * FROM bet_rounds WHERE source = $1 AND provider = $2 AND round_ref = $3',
      [key.source, key.provider, key.roundRef],
    );
    return rows[0] ? toRow(rows[0]) : null;
  },

  /** The sum of a member's valid bets in `currency` (settled rounds' stakes), in minor units. */
  validBetTotal: async (merchantCode: string, memberId: string, currency: string): Promise<bigint> => {
    const { rows } = await pool.query<{ total: string }>(
      `SELECT coalesce(sum(valid_bet), 0)::text AS total FROM bet_rounds
       WHERE member_id = $1 AND merchant_code = $2 AND currency = $3`,
      [memberId, merchantCode, currency],
    );
    return BigInt(rows[0]?.total ?? '0');
  },

  /** The largest settled wins of a merchant since a moment. */
  topWins: async (merchantCode: string, since: Date, gameTypes: readonly string[] | null, limit: number) => {
    const { rows } = await replica.query<RawRound>(
      `SELECT * FROM bet_rounds
       WHERE merchant_code = $1 AND status = 'settled' AND payout > 0 AND settled_at >= $2
         AND ($3::text[] IS NULL OR game_type = ANY($3::text[]))
       ORDER BY payout DESC, settled_at DESC LIMIT $4`,
      [merchantCode, since, gameTypes, limit],
    );
    return rows.map(toRow);
  },

  history: async (
    memberId: string,
    merchantCode: string,
    filter: { startDate: string; endDate: string; timeZone: string; gameType?: string; status?: BetRoundStatus },
    page: { offset: number; limit: number },
  ): Promise<{ rows: BetRoundRow[]; total: number; totals: Totals }> => {
    const params: unknown[] = [
      memberId,
      merchantCode,
      filter.startDate,
      filter.endDate,
      filter.timeZone,
      filter.gameType ?? null,
      filter.status ?? null,
    ];
    const where = `${range('placed_at')} AND ($6::text IS NULL OR game_type = $6) AND ($7::text IS NULL OR status = $7)`;
    const [list, sums] = await Promise.all([
      replica.query<RawRound>(
        `SELECT * FROM bet_rounds WHERE ${where} ORDER BY placed_at DESC, id DESC LIMIT $8 OFFSET $9`,
        [...params, page.limit, page.offset],
      ),
      replica.query<{ bet_count: string; bet_amount: string; valid_bet: string; payout: string }>(
        `SELECT count(*) AS bet_count, coalesce(sum(bet_amount), 0)::text AS bet_amount,
                coalesce(sum(valid_bet), 0)::text AS valid_bet, coalesce(sum(payout), 0)::text AS payout
         FROM bet_rounds WHERE ${where}`,
        params,
      ),
    ]);
    const totals = totalsOf(sums.rows[0] ?? { bet_count: '0', bet_amount: '0', valid_bet: '0', payout: '0' });
    return { rows: list.rows.map(toRow), total: totals.betCount, totals };
  },

  /**
   * Rounds of several members (an agent's downline) placed in [from, until), newest first, a page of them, with the
   * totals of all that match. The member list is the caller's; this module reads only its own table.
   */
  roundsOfMembers: async (
    filter: {
      merchantCode: string;
      memberIds: readonly string[];
      from: Date;
      until: Date;
      gameType: string | null;
      status: BetRoundStatus | null;
    },
    page: { offset: number; limit: number },
  ): Promise<{ rows: BetRoundRow[]; total: number; totals: Totals }> => {
    const params: unknown[] = [
      filter.memberIds,
      filter.merchantCode,
      filter.from,
      filter.until,
      filter.gameType,
      filter.status,
    ];
    const where = `member_id = ANY($1::uuid[]) AND merchant_code = $2 AND placed_at >= $3 AND placed_at < $4
      AND ($5::text IS NULL OR game_type = $5) AND ($6::text IS NULL OR status = $6)`;
    const [list, sums] = await Promise.all([
      replica.query<RawRound>(
        `SELECT * FROM bet_rounds WHERE ${where} ORDER BY placed_at DESC, id DESC LIMIT $7 OFFSET $8`,
        [...params, page.limit, page.offset],
      ),
      replica.query<{ bet_count: string; bet_amount: string; valid_bet: string; payout: string }>(
        `SELECT count(*) AS bet_count, coalesce(sum(bet_amount), 0)::text AS bet_amount,
                coalesce(sum(valid_bet), 0)::text AS valid_bet,
                coalesce(sum(payout) FILTER (WHERE status = 'settled'), 0)::text AS payout
           FROM bet_rounds WHERE ${where}`,
        params,
      ),
    ]);
    const totals = totalsOf(sums.rows[0] ?? { bet_count: '0', bet_amount: '0', valid_bet: '0', payout: '0' });
    return { rows: list.rows.map(toRow), total: totals.betCount, totals };
  },

  /** Settled rounds summed per game type and per local day. */
  profit: async (
    memberId: string,
    merchantCode: string,
    filter: { startDate: string; endDate: string; timeZone: string },
  ) => {
    const params = [memberId, merchantCode, filter.startDate, filter.endDate, filter.timeZone];
    const sums = `count(*) AS bet_count, coalesce(sum(bet_amount), 0)::text AS bet_amount,
      coalesce(sum(valid_bet), 0)::text AS valid_bet, coalesce(sum(payout), 0)::text AS payout`;
    const where = `${range('settled_at')} AND status = 'settled'`;
    const [byType, byDay] = await Promise.all([
      replica.query<{
        game_type: GameCategory;
        bet_count: string;
        bet_amount: string;
        valid_bet: string;
        payout: string;
      }>(`SELECT game_type, ${sums} FROM bet_rounds WHERE ${where} GROUP BY game_type ORDER BY game_type`, params),
      replica.query<{ day: string; bet_count: string; bet_amount: string; valid_bet: string; payout: string }>(
        `SELECT to_char(settled_at AT TIME ZONE $5, 'YYYY-MM-DD') AS day, ${sums}
         FROM bet_rounds WHERE ${where} GROUP BY 1 ORDER BY 1 DESC`,
        params,
      ),
    ]);
    return {
      byGameType: byType.rows.map((row) => ({ gameType: row.game_type, ...totalsOf(row) })),
      byDay: byDay.rows.map((row) => ({ day: row.day, ...totalsOf(row) })),
    };
  },

  /** The valid bets not yet rebated, per category; marks nothing. */
  notRebated: async (db: Queryable, filter: RebateRoundFilter): Promise<RebateTurnover[]> =>
    turnoverOf(
      (
        await db.query<{ game_type: GameCategory; valid_bet: string; round_count: number }>(
          `SELECT game_type, sum(valid_bet)::text AS valid_bet, count(*)::int AS round_count
           FROM bet_rounds WHERE ${NOT_REBATED} GROUP BY game_type ORDER BY game_type`,
          rebateFilterValues(filter),
        )
      ).rows,
    ),

  /**
   * Marks the rounds not yet rebated as taken by `claimId` and sums what it took, per category. A round that
   * another open transaction has marked is waited for and, once that one commits, skipped (PostgreSQL re-checks
   * the condition on the new row), so two collections never take the same round; a round whose settlement commits
   * after this statement is left for the next collection.
   */
  takeForRebate: async (db: Queryable, filter: RebateRoundFilter, claimId: string): Promise<RebateTurnover[]> =>
    turnoverOf(
      (
        await db.query<{ game_type: GameCategory; valid_bet: string; round_count: number }>(
          `WITH taken AS (
             UPDATE bet_rounds SET rebate_claim_id = $5 WHERE ${NOT_REBATED} RETURNING game_type, valid_bet
           )
           SELECT game_type, sum(valid_bet)::text AS valid_bet, count(*)::int AS round_count
           FROM taken GROUP BY game_type ORDER BY game_type`,
          [...rebateFilterValues(filter), claimId],
        )
      ).rows,
    ),
});

export type BetsRepository = ReturnType<typeof createBetsRepository>;
