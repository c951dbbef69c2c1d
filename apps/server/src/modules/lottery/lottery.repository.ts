import type { LotteryDrawStatus, LotteryGameKind, LotteryTicketStatus, LottoPrizeMode } from '@tessera/contracts';
import type pg from 'pg';

/** A game's stored odds of one prize mode: the multipliers in hundredths by bet type. */
export type StoredOdds = Record<string, number[]>;
export type OddsByMode = Record<LottoPrizeMode, StoredOdds>;

type Db = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

export interface GameRow {
  id: bigint;
  merchantCode: string;
  code: string;
  kind: LotteryGameKind;
  names: Record<string, string>;
  intervalSeconds: number;
  closeSeconds: number;
  minStake: bigint;
  maxStake: bigint;
  maxPayout: bigint;
  /** Per prize mode (decision 0159), the multipliers in hundredths by bet type. */
  odds: OddsByMode;
  /** A daily game's draw time (minute of the day on the merchant's clock; decision 0159), else null. */
  drawMinute: number | null;
  catalogueGameCode: string;
  enabled: boolean;
  updatedAt: Date;
  /** The merchant's time zone (a daily Vietnamese draw falls at its region's time there; decision 0134). */
  timeZone: string | null;
}

export interface DrawRow {
  id: bigint;
  merchantCode: string;
  gameId: bigint;
  gameCode: string;
  gameKind: LotteryGameKind;
  drawNo: string;
  opensAt: Date;
  closesAt: Date;
  drawAt: Date;
  serverSeed: string;
  seedHash: string;
  beacon: string | null;
  numbers: number[] | null;
  status: LotteryDrawStatus;
  cancelReason: string | null;
  drawnAt: Date | null;
  settledAt: Date | null;
}

export interface TicketRow {
  id: string;
  merchantCode: string;
  memberId: string;
  drawId: bigint;
  gameCode: string;
  drawNo: string;
  catalogueGameCode: string;
  requestId: string;
  line: number;
  betType: string;
  position: number | null;
  numbers: number[] | null;
  side: string | null;
  stake: bigint;
  odds: number;
  tierOdds: number[] | null;
  currency: string;
  holdId: bigint;
  status: LotteryTicketStatus;
  payout: bigint;
  createdAt: Date;
  settledAt: Date | null;
  drawNumbers: number[] | null;
}

/** What settlement reads of a pending ticket. */
export interface PendingTicket {
  id: string;
  memberId: string;
  betType: string;
  position: number | null;
  numbers: number[] | null;
  side: string | null;
  stake: bigint;
  odds: number;
  tierOdds: number[] | null;
  currency: string;
  holdId: bigint;
}

export interface NewTicket {
  id: string;
  merchantCode: string;
  memberId: string;
  drawId: bigint;
  requestId: string;
  line: number;
  betType: string;
  position: number | null;
  numbers: number[] | null;
  side: string | null;
  stake: bigint;
  odds: number;
  tierOdds: number[] | null;
  currency: string;
  holdId: bigint;
}

const GAME_COLUMNS = `id, merchant_code AS "merchantCode", code, kind, names, interval_seconds AS "intervalSeconds",
  draw_minute AS "drawMinute", close_seconds AS "closeSeconds", min_stake AS "minStake", max_stake AS "maxStake", max_payout AS "maxPayout", odds,
  catalogue_game_code AS "catalogueGameCode", enabled, updated_at AS "updatedAt",
  (SELECT m.settings->>'timeZone' FROM merchants m WHERE m.code = lottery_games.merchant_code) AS "timeZone"`;
const DRAW_COLUMNS = `d.id, d.merchant_code AS "merchantCode", d.game_id AS "gameId", g.code AS "gameCode",
  g.kind AS "gameKind", d.draw_no AS "drawNo", d.opens_at AS "opensAt", d.closes_at AS "closesAt", d.draw_at AS "drawAt",
  d.server_seed AS "serverSeed", d.seed_hash AS "seedHash", d.beacon, d.numbers::int[] AS numbers, d.status,
  d.cancel_reason AS "cancelReason", d.drawn_at AS "drawnAt", d.settled_at AS "settledAt"`;
const TICKET_COLUMNS = `t.id, t.merchant_code AS "merchantCode", t.member_id AS "memberId", t.draw_id AS "drawId",
  g.code AS "gameCode", d.draw_no AS "drawNo", g.catalogue_game_code AS "catalogueGameCode",
  t.request_id AS "requestId", t.line, t.bet_type AS "betType", t.position, t.numbers::int[] AS numbers, t.side,
  t.stake, t.odds, t.tier_odds AS "tierOdds", t.currency, t.hold_id AS "holdId", t.status, t.payout, t.created_at AS "createdAt",
  t.settled_at AS "settledAt", d.numbers::int[] AS "drawNumbers"`;
const TICKET_FROM = `lottery_tickets t JOIN lottery_draws d ON d.id = t.draw_id JOIN lottery_games g ON g.id = d.game_id`;

/** pg returns bigint columns as strings: these are turned into bigint. */
const bigintFields = ['id', 'gameId', 'drawId', 'holdId', 'minStake', 'maxStake', 'maxPayout', 'stake', 'payout'];
const fix = <T>(row: Record<string, unknown>): T => {
  for (const field of bigintFields) {
    const value = row[field];
    if (typeof value === 'string' && !(field === 'id' && value.includes('-'))) row[field] = BigInt(value);
  }
  return row as T;
};

export const createLotteryRepository = (pool: pg.Pool) => ({
  pool,

  now: async (): Promise<Date> => (await pool.query<{ now: Date }>('SELECT now() AS now')).rows[0]?.now ?? new Date(),

  insertGameIfAbsent: async (game: Omit<GameRow, 'id' | 'updatedAt' | 'enabled' | 'timeZone'>): Promise<void> => {
    await pool.query(
      `INSERT INTO lottery_games (merchant_code, code, kind, names, interval_seconds, close_seconds, min_stake,
         max_stake, max_payout, odds, catalogue_game_code, draw_minute)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (merchant_code, code) DO NOTHING`,
      [
        game.merchantCode,
        game.code,
        game.kind,
        JSON.stringify(game.names),
        game.intervalSeconds,
        game.closeSeconds,
        game.minStake,
        game.maxStake,
        game.maxPayout,
        JSON.stringify(game.odds),
        game.catalogueGameCode,
        game.drawMinute,
      ],
    );
  },

  games: async (merchantCode: string | null, enabledOnly: boolean): Promise<GameRow[]> =>
    (
      await pool.query(
        `SELECT ${GAME_COLUMNS} FROM lottery_games
         WHERE ($1::text IS NULL OR merchant_code = $1) AND (NOT $2 OR enabled) ORDER BY interval_seconds, code`,
        [merchantCode, enabledOnly],
      )
    ).rows.map((row) => fix<GameRow>(row)),

  lockGame: async (client: pg.PoolClient, merchantCode: string, code: string): Promise<GameRow | null> => {
    const row = (
      await client.query(
        `SELECT ${GAME_COLUMNS} FROM lottery_games WHERE merchant_code = $1 AND code = $2 FOR UPDATE`,
        [merchantCode, code],
      )
    ).rows[0];
    return row ? fix<GameRow>(row) : null;
  },

  updateGame: async (
    client: pg.PoolClient,
    id: bigint,
    change: Pick<
      GameRow,
      'enabled' | 'intervalSeconds' | 'drawMinute' | 'closeSeconds' | 'minStake' | 'maxStake' | 'maxPayout' | 'odds'
    >,
  ): Promise<GameRow> =>
    fix<GameRow>(
      (
        await client.query(
          `UPDATE lottery_games SET enabled = $2, close_seconds = $3, min_stake = $4, max_stake = $5, max_payout = $6,
             odds = $7, interval_seconds = $8, draw_minute = $9, updated_at = now() WHERE id = $1
           RETURNING ${GAME_COLUMNS}`,
          [
            id,
            change.enabled,
            change.closeSeconds,
            change.minStake,
            change.maxStake,
            change.maxPayout,
            JSON.stringify(change.odds),
            change.intervalSeconds,
            change.drawMinute,
          ],
        )
      ).rows[0],
    ),

  /** Creates a draw (its commitment) unless the game already has one with that number. */
  insertDraw: async (draw: {
    merchantCode: string;
    gameId: bigint;
    drawNo: string;
    opensAt: Date;
    closesAt: Date;
    drawAt: Date;
    serverSeed: string;
    seedHash: string;
  }): Promise<boolean> =>
    (
      await pool.query(
        `INSERT INTO lottery_draws (merchant_code, game_id, draw_no, opens_at, closes_at, draw_at, server_seed, seed_hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (game_id, draw_no) DO NOTHING`,
        [
          draw.merchantCode,
          draw.gameId,
          draw.drawNo,
          draw.opensAt,
          draw.closesAt,
          draw.drawAt,
          draw.serverSeed,
          draw.seedHash,
        ],
      )
    ).rowCount === 1,

  /** Open draws whose time has come, locked (others drawing at once skip them). */
  lockDueDraws: async (client: pg.PoolClient, limit: number): Promise<DrawRow[]> =>
    (
      await client.query(
        `SELECT ${DRAW_COLUMNS} FROM lottery_draws d JOIN lottery_games g ON g.id = d.game_id
         WHERE d.status = 'open' AND d.draw_at <= now() ORDER BY d.draw_at LIMIT $1 FOR UPDATE OF d SKIP LOCKED`,
        [limit],
      )
    ).rows.map((row) => fix<DrawRow>(row)),

  markDrawn: async (client: pg.PoolClient, id: bigint, numbers: number[]): Promise<void> => {
    await client.query(`UPDATE lottery_draws SET status = 'drawn', numbers = $2, drawn_at = now() WHERE id = $1`, [
      id,
      numbers,
    ]);
  },

  /** Draws with tickets left to settle or refund (drawn, or cancelled with pending tickets). */
  drawsToSettle: async (limit: number): Promise<DrawRow[]> =>
    (
      await pool.query(
        `SELECT ${DRAW_COLUMNS} FROM lottery_draws d JOIN lottery_games g ON g.id = d.game_id
         WHERE d.status = 'drawn'
            OR (d.status = 'cancelled' AND EXISTS (
                 SELECT 1 FROM lottery_tickets t WHERE t.draw_id = d.id AND t.status = 'pending'))
         ORDER BY d.draw_at LIMIT $1`,
        [limit],
      )
    ).rows.map((row) => fix<DrawRow>(row)),

  pendingTickets: async (drawId: bigint, limit: number): Promise<TicketRow[]> =>
    (
      await pool.query(
        `SELECT ${TICKET_COLUMNS} FROM ${TICKET_FROM} WHERE t.draw_id = $1 AND t.status = 'pending' ORDER BY t.id LIMIT $2`,
        [drawId, limit],
      )
    ).rows.map((row) => fix<TicketRow>(row)),

  /**
   * Locks the next `limit` pending tickets of a draw, by member, among the members of one lane (a hash of the member
   * splits them; decision 0100), so that lanes run at once never wait on each other's member accounts; tickets another
   * runner holds are skipped, so concurrent runners take disjoint batches.
   */
  lockPendingBatch: async (
    client: pg.PoolClient,
    drawId: bigint,
    limit: number,
    lane: { index: number; of: number },
  ): Promise<PendingTicket[]> =>
    (
      await client.query(
        `SELECT t.id, t.member_id AS "memberId", t.bet_type AS "betType", t.position, t.numbers::int[] AS numbers,
                t.side, t.stake, t.odds, t.tier_odds AS "tierOdds", t.currency, t.hold_id AS "holdId"
           FROM lottery_tickets t
          WHERE t.draw_id = $1 AND t.status = 'pending' AND abs(hashtext(t.member_id::text)) % $3 = $4
          ORDER BY t.member_id, t.id LIMIT $2
          FOR UPDATE SKIP LOCKED`,
        [drawId, limit, lane.of, lane.index],
      )
    ).rows.map((row) => fix<PendingTicket>(row)),

  /** Closes locked pending tickets with their outcome and payout; answers how many it closed. */
  closeTickets: async (
    client: pg.PoolClient,
    tickets: { ids: string[]; statuses: Exclude<LotteryTicketStatus, 'pending'>[]; payouts: bigint[] },
  ): Promise<number> =>
    (
      await client.query(
        `UPDATE lottery_tickets t SET status = x.status, payout = x.payout, settled_at = now()
           FROM unnest($1::uuid[], $2::text[], $3::bigint[]) AS x(id, status, payout)
          WHERE t.id = x.id AND t.status = 'pending'`,
        [tickets.ids, tickets.statuses, tickets.payouts.map(String)],
      )
    ).rowCount ?? 0,

  lockTicket: async (client: pg.PoolClient, id: string): Promise<TicketRow | null> => {
    const row = (
      await client.query(`SELECT ${TICKET_COLUMNS} FROM ${TICKET_FROM} WHERE t.id = $1 FOR UPDATE OF t`, [id])
    ).rows[0];
    return row ? fix<TicketRow>(row) : null;
  },

  closeTicket: async (
    client: pg.PoolClient,
    id: string,
    status: Exclude<LotteryTicketStatus, 'pending'>,
    payout: bigint,
  ): Promise<void> => {
    await client.query(
      `UPDATE lottery_tickets SET status = $2, payout = $3, settled_at = now() WHERE id = $1 AND status = 'pending'`,
      [id, status, payout],
    );
  },

  /** Marks a drawn draw settled once none of its tickets is pending. */
  finishDraw: async (id: bigint): Promise<boolean> =>
    (
      await pool.query(
        `UPDATE lottery_draws SET status = 'settled', settled_at = now()
         WHERE id = $1 AND status = 'drawn'
           AND NOT EXISTS (SELECT 1 FROM lottery_tickets WHERE draw_id = $1 AND status = 'pending')`,
        [id],
      )
    ).rowCount === 1,

  drawByNo: async (merchantCode: string, gameCode: string, drawNo: string): Promise<DrawRow | null> => {
    const row = (
      await pool.query(
        `SELECT ${DRAW_COLUMNS} FROM lottery_draws d JOIN lottery_games g ON g.id = d.game_id
         WHERE g.merchant_code = $1 AND g.code = $2 AND d.draw_no = $3`,
        [merchantCode, gameCode, drawNo],
      )
    ).rows[0];
    return row ? fix<DrawRow>(row) : null;
  },

  drawById: async (merchantCode: string, id: bigint): Promise<DrawRow | null> => {
    const row = (
      await pool.query(
        `SELECT ${DRAW_COLUMNS} FROM lottery_draws d JOIN lottery_games g ON g.id = d.game_id
         WHERE d.merchant_code = $1 AND d.id = $2`,
        [merchantCode, id],
      )
    ).rows[0];
    return row ? fix<DrawRow>(row) : null;
  },

  /** Locks a draw for a purchase (shared) or a change of status (exclusive); answers it with the database's time. */
  lockDraw: async (
    client: pg.PoolClient,
    id: bigint,
    mode: 'share' | 'update',
  ): Promise<{ draw: DrawRow; now: Date } | null> => {
    const row = (
      await client.query(
        `SELECT ${DRAW_COLUMNS}, now() AS "dbNow" FROM lottery_draws d JOIN lottery_games g ON g.id = d.game_id
         WHERE d.id = $1 FOR ${mode === 'share' ? 'SHARE' : 'UPDATE'} OF d`,
        [id],
      )
    ).rows[0];
    if (!row) return null;
    const { dbNow, ...draw } = row;
    return { draw: fix<DrawRow>(draw), now: dbNow as Date };
  },

  cancelDraw: async (client: pg.PoolClient, id: bigint, reason: string): Promise<void> => {
    await client.query(`UPDATE lottery_draws SET status = 'cancelled', cancel_reason = $2 WHERE id = $1`, [id, reason]);
  },

  /** The current (taking bets or next) and last drawn draw of each game. */
  currentAndLast: async (gameIds: bigint[]): Promise<{ current: Map<string, DrawRow>; last: Map<string, DrawRow> }> => {
    const current = new Map<string, DrawRow>();
    const last = new Map<string, DrawRow>();
    if (gameIds.length === 0) return { current, last };
    const rows = (
      await pool.query(
        `SELECT * FROM (
           SELECT DISTINCT ON (d.game_id) 'current' AS which, ${DRAW_COLUMNS}
           FROM lottery_draws d JOIN lottery_games g ON g.id = d.game_id
           WHERE d.game_id = ANY($1) AND d.status = 'open' AND d.draw_at > now()
           ORDER BY d.game_id, d.draw_at) c
         UNION ALL
         SELECT * FROM (
           SELECT DISTINCT ON (d.game_id) 'last' AS which, ${DRAW_COLUMNS}
           FROM lottery_draws d JOIN lottery_games g ON g.id = d.game_id
           WHERE d.game_id = ANY($1) AND d.status IN ('drawn', 'settled')
           ORDER BY d.game_id, d.draw_at DESC) l`,
        [gameIds.map(String)],
      )
    ).rows;
    for (const raw of rows) {
      const { which, ...row } = raw;
      const draw = fix<DrawRow>(row);
      (which === 'current' ? current : last).set(draw.gameCode, draw);
    }
    return { current, last };
  },

  /** Drawn (and cancelled, when asked) draws of a game, newest first. */
  results: async (
    merchantCode: string,
    gameCode: string | null,
    statuses: readonly LotteryDrawStatus[],
    page: { offset: number; limit: number },
  ): Promise<{ rows: DrawRow[]; total: number }> => {
    const params = [merchantCode, gameCode, statuses];
    const where = `d.merchant_code = $1 AND ($2::text IS NULL OR g.code = $2) AND d.status = ANY($3)`;
    const [rows, count] = await Promise.all([
      pool.query(
        `SELECT ${DRAW_COLUMNS} FROM lottery_draws d JOIN lottery_games g ON g.id = d.game_id WHERE ${where}
         ORDER BY d.draw_at DESC, d.id DESC OFFSET $4 LIMIT $5`,
        [...params, page.offset, page.limit],
      ),
      pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM lottery_draws d JOIN lottery_games g ON g.id = d.game_id WHERE ${where}`,
        params,
      ),
    ]);
    return { rows: rows.rows.map((row) => fix<DrawRow>(row)), total: count.rows[0]?.n ?? 0 };
  },

  /** Tickets, stakes and payouts per draw (a cancelled draw counts the tickets it refunded). */
  drawTotals: async (ids: bigint[]): Promise<Map<string, { tickets: number; staked: bigint; paid: bigint }>> => {
    const totals = new Map<string, { tickets: number; staked: bigint; paid: bigint }>();
    if (ids.length === 0) return totals;
    const rows = (
      await pool.query<{ draw_id: bigint; tickets: number; staked: string; paid: string }>(
        `SELECT draw_id, count(*)::int AS tickets, coalesce(sum(stake), 0)::text AS staked,
           coalesce(sum(payout), 0)::text AS paid
         FROM lottery_tickets WHERE draw_id = ANY($1) GROUP BY draw_id`,
        [ids.map(String)],
      )
    ).rows;
    for (const row of rows) {
      totals.set(String(row.draw_id), { tickets: row.tickets, staked: BigInt(row.staked), paid: BigInt(row.paid) });
    }
    return totals;
  },

  /** A draw's pending tickets grouped by selection with their stakes and potential payouts. */
  exposure: async (
    drawId: bigint,
  ): Promise<
    {
      betType: string;
      position: number | null;
      numbers: number[] | null;
      side: string | null;
      tickets: number;
      staked: bigint;
      potential: bigint;
    }[]
  > =>
    (
      await pool.query(
        `SELECT bet_type AS "betType", position, numbers::int[] AS numbers, side, count(*)::int AS tickets,
           sum(stake)::text AS staked, sum(stake * odds / 100)::text AS potential
         FROM lottery_tickets WHERE draw_id = $1 AND status = 'pending'
         GROUP BY bet_type, position, numbers, side ORDER BY sum(stake * odds / 100) DESC`,
        [drawId],
      )
    ).rows.map((row) => ({ ...row, staked: BigInt(row.staked), potential: BigInt(row.potential) })),

  /**
   * A 4D draw's pending tickets by number: what they would pay together in each tier (per ticket rounded down, as
   * settlement pays), for the house's worst draw.
   */
  fourDExposure: async (drawId: bigint): Promise<Map<number, bigint[]>> => {
    const { rows } = await pool.query<{ n: number; pays: string[] }>(
      `SELECT numbers[1]::int AS n,
              ARRAY[sum(stake * tier_odds[1] / 100), sum(stake * tier_odds[2] / 100), sum(stake * tier_odds[3] / 100),
                    sum(stake * tier_odds[4] / 100), sum(stake * tier_odds[5] / 100)]::text[] AS pays
         FROM lottery_tickets WHERE draw_id = $1 AND status = 'pending' AND tier_odds IS NOT NULL
        GROUP BY numbers[1]`,
      [drawId],
    );
    return new Map(rows.map((row) => [row.n, row.pays.map((pay) => BigInt(pay))]));
  },

  ticketsOfRequest: async (memberId: string, requestId: string): Promise<TicketRow[]> =>
    (
      await pool.query(
        `SELECT ${TICKET_COLUMNS} FROM ${TICKET_FROM} WHERE t.member_id = $1 AND t.request_id = $2 ORDER BY t.line`,
        [memberId, requestId],
      )
    ).rows.map((row) => fix<TicketRow>(row)),

  insertTicket: async (client: pg.PoolClient, ticket: NewTicket): Promise<void> => {
    await client.query(
      `INSERT INTO lottery_tickets (id, merchant_code, member_id, draw_id, request_id, line, bet_type, position,
         numbers, side, stake, odds, tier_odds, currency, hold_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        ticket.id,
        ticket.merchantCode,
        ticket.memberId,
        ticket.drawId,
        ticket.requestId,
        ticket.line,
        ticket.betType,
        ticket.position,
        ticket.numbers,
        ticket.side,
        ticket.stake,
        ticket.odds,
        ticket.tierOdds,
        ticket.currency,
        ticket.holdId,
      ],
    );
  },

  memberTickets: async (
    memberId: string,
    filter: { gameCode: string | null; status: LotteryTicketStatus | null },
    page: { offset: number; limit: number },
  ): Promise<{ rows: TicketRow[]; total: number }> => {
    const params = [memberId, filter.gameCode, filter.status];
    const where = `t.member_id = $1 AND ($2::text IS NULL OR g.code = $2) AND ($3::text IS NULL OR t.status = $3)`;
    const [rows, count] = await Promise.all([
      pool.query(
        `SELECT ${TICKET_COLUMNS} FROM ${TICKET_FROM} WHERE ${where} ORDER BY t.created_at DESC, t.line OFFSET $4 LIMIT $5`,
        [...params, page.offset, page.limit],
      ),
      pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${TICKET_FROM} WHERE ${where}`, params),
    ]);
    return { rows: rows.rows.map((row) => fix<TicketRow>(row)), total: count.rows[0]?.n ?? 0 };
  },

  /** The games a member bought tickets on, most recent first. */
  recentGameCodes: async (memberId: string, limit: number): Promise<string[]> =>
    (
      await pool.query<{ code: string }>(
        `SELECT g.code FROM ${TICKET_FROM} WHERE t.member_id = $1 GROUP BY g.code ORDER BY max(t.created_at) DESC LIMIT $2`,
        [memberId, limit],
      )
    ).rows.map((row) => row.code),
});

export type LotteryRepository = ReturnType<typeof createLotteryRepository>;
export type { Db };
