import type { LanguageCode, RaffleText } from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';

export type Client = pg.PoolClient;

/** What the editor sets of a raffle. */
export interface RaffleValues {
  texts: Partial<Record<LanguageCode, RaffleText>>;
  ticketsFrom: Date;
  ticketsTo: Date;
  drawAt: Date;
  ticketPerDeposit: bigint | null;
  ticketPerValidBet: bigint | null;
  prizes: bigint[];
}

export interface RaffleRow extends RaffleValues {
  id: string;
  merchantCode: string;
  currency: string;
  serverSeed: string;
  seedHash: string;
  entries: number;
  status: 'open' | 'drawn';
  drawnAt: Date | null;
  createdBy: string | null;
  createdAt: Date;
}

export interface EntryRow {
  raffleId: string;
  memberId: string;
  entryNo: number;
  depositTotal: bigint;
  validBetTotal: bigint;
  tickets: number;
  joinedAt: Date;
}

export interface WinnerRow {
  raffleId: string;
  prizeIndex: number;
  entryNo: number;
  memberId: string;
  username: string;
  amount: bigint;
}

const COLUMNS = `id, merchant_code, currency, texts, tickets_from, tickets_to, draw_at, ticket_per_deposit::text,
  ticket_per_valid_bet::text, prizes::text[] AS prizes, server_seed, seed_hash, entries, status, drawn_at, created_by,
  created_at`;
const ENTRY_COLUMNS = `raffle_id, member_id, entry_no, deposit_total::text, valid_bet_total::text, tickets, joined_at`;

/** A column list with each column read from `alias` (`id` → `r.id`). */
const qualified = (columns: string, alias: string): string =>
  columns
    .split(',')
    .map((column) => `${alias}.${column.trim()}`)
    .join(', ');

const bigOrNull = (value: unknown): bigint | null =>
  value === null || value === undefined ? null : BigInt(value as string);

const raffleOf = (r: Record<string, unknown>): RaffleRow => ({
  id: r.id as string,
  merchantCode: r.merchant_code as string,
  currency: r.currency as string,
  texts: r.texts as Partial<Record<LanguageCode, RaffleText>>,
  ticketsFrom: r.tickets_from as Date,
  ticketsTo: r.tickets_to as Date,
  drawAt: r.draw_at as Date,
  ticketPerDeposit: bigOrNull(r.ticket_per_deposit),
  ticketPerValidBet: bigOrNull(r.ticket_per_valid_bet),
  prizes: (r.prizes as string[]).map(BigInt),
  serverSeed: r.server_seed as string,
  seedHash: r.seed_hash as string,
  entries: r.entries as number,
  status: r.status as 'open' | 'drawn',
  drawnAt: (r.drawn_at as Date | null) ?? null,
  createdBy: (r.created_by as string | null) ?? null,
  createdAt: r.created_at as Date,
});

const entryOf = (r: Record<string, unknown>): EntryRow => ({
  raffleId: r.raffle_id as string,
  memberId: r.member_id as string,
  entryNo: r.entry_no as number,
  depositTotal: BigInt(r.deposit_total as string),
  validBetTotal: BigInt(r.valid_bet_total as string),
  tickets: r.tickets as number,
  joinedAt: r.joined_at as Date,
});

/** Raffles stay listed this long after their draw. */
const SHOWN_AFTER_DRAW = '7 days';

export const createRafflesRepository = (pool: pg.Pool) => ({
  inTransaction: <T>(work: (client: Client) => Promise<T>) => inTransaction(pool, work),

  insert: async (
    client: Client,
    row: RaffleValues & {
      merchantCode: string;
      currency: string;
      serverSeed: string;
      seedHash: string;
      createdBy: string | null;
    },
  ): Promise<RaffleRow> => {
    const inserted = await client.query(
      `INSERT INTO raffles (merchant_code, currency, texts, tickets_from, tickets_to, draw_at, ticket_per_deposit,
         ticket_per_valid_bet, prizes, server_seed, seed_hash, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::bigint[], $10, $11, $12) RETURNING ${COLUMNS}`,
      [
        row.merchantCode,
        row.currency,
        JSON.stringify(row.texts),
        row.ticketsFrom,
        row.ticketsTo,
        row.drawAt,
        row.ticketPerDeposit?.toString() ?? null,
        row.ticketPerValidBet?.toString() ?? null,
        row.prizes.map((p) => p.toString()),
        row.serverSeed,
        row.seedHash,
        row.createdBy,
      ],
    );
    return raffleOf(inserted.rows[0]);
  },

  find: async (merchantCode: string, id: string): Promise<RaffleRow | null> => {
    const result = await pool.query(`SELECT ${COLUMNS} FROM raffles WHERE merchant_code = $1 AND id = $2`, [
      merchantCode,
      id,
    ]);
    return result.rows[0] ? raffleOf(result.rows[0]) : null;
  },

  /** The editor's list, newest first, with the entries' tickets and the prizes paid. */
  listForMerchant: async (merchantCode: string): Promise<{ row: RaffleRow; tickets: number; paid: bigint }[]> => {
    const result = await pool.query(
      `SELECT ${COLUMNS},
         COALESCE((SELECT sum(e.tickets) FROM raffle_entries e WHERE e.raffle_id = r.id), 0)::float8 AS ticket_total,
         COALESCE((SELECT sum(w.amount) FROM raffle_winners w WHERE w.raffle_id = r.id), 0)::text AS paid
       FROM raffles r WHERE r.merchant_code = $1 ORDER BY r.created_at DESC, r.id LIMIT 200`,
      [merchantCode],
    );
    return result.rows.map((r) => ({ row: raffleOf(r), tickets: r.ticket_total as number, paid: BigInt(r.paid) }));
  },

  /** Raffles still to draw, or drawn less than a week ago, the soonest draw first. */
  listShown: async (merchantCode: string, currency: string, now: Date): Promise<RaffleRow[]> => {
    const result = await pool.query(
      `SELECT ${COLUMNS} FROM raffles
       WHERE merchant_code = $1 AND currency = $2 AND (status = 'open' OR drawn_at > $3::timestamptz - interval '${SHOWN_AFTER_DRAW}')
       ORDER BY (status = 'drawn') ASC, draw_at ASC, id LIMIT 100`,
      [merchantCode, currency, now],
    );
    return result.rows.map(raffleOf);
  },

  /** The member's entries in these raffles. */
  entriesOf: async (memberId: string, raffleIds: readonly string[]): Promise<EntryRow[]> => {
    if (raffleIds.length === 0) return [];
    const result = await pool.query(
      `SELECT ${ENTRY_COLUMNS} FROM raffle_entries WHERE member_id = $1 AND raffle_id = ANY($2::uuid[])`,
      [memberId, raffleIds],
    );
    return result.rows.map(entryOf);
  },

  /** Tickets of every entry per raffle. */
  ticketTotals: async (raffleIds: readonly string[]): Promise<Map<string, number>> => {
    if (raffleIds.length === 0) return new Map();
    const result = await pool.query(
      `SELECT raffle_id, sum(tickets)::float8 AS n FROM raffle_entries WHERE raffle_id = ANY($1::uuid[]) GROUP BY raffle_id`,
      [raffleIds],
    );
    return new Map(result.rows.map((r) => [r.raffle_id as string, r.n as number]));
  },

  /** Every entry of a raffle in entry order (the ticket list). */
  allEntries: async (raffleId: string, db: Pick<pg.Pool, 'query'> | Client = pool): Promise<EntryRow[]> => {
    const result = await db.query(
      `SELECT ${ENTRY_COLUMNS} FROM raffle_entries WHERE raffle_id = $1 ORDER BY entry_no`,
      [raffleId],
    );
    return result.rows.map(entryOf);
  },

  /** The winners with their usernames, in prize order. */
  winners: async (raffleIds: readonly string[]): Promise<WinnerRow[]> => {
    if (raffleIds.length === 0) return [];
    const result = await pool.query(
      `SELECT w.raffle_id, w.prize_index, w.entry_no, w.member_id, m.username, w.amount::text AS amount
       FROM raffle_winners w JOIN members m ON m.id = w.member_id
       WHERE w.raffle_id = ANY($1::uuid[]) ORDER BY w.raffle_id, w.prize_index`,
      [raffleIds],
    );
    return result.rows.map((r) => ({
      raffleId: r.raffle_id,
      prizeIndex: r.prize_index,
      entryNo: r.entry_no,
      memberId: r.member_id,
      username: r.username,
      amount: BigInt(r.amount),
    }));
  },

  /**
   * Joins the member: the raffle's counter gives the entry number under the raffle row's lock (held to commit);
   * a second join breaks the primary key. Null when the raffle is no longer open (drawn meanwhile).
   */
  join: async (client: Client, raffleId: string, memberId: string): Promise<EntryRow | null> => {
    const counted = await client.query(
      `UPDATE raffles SET entries = entries + 1 WHERE id = $1 AND status = 'open' RETURNING entries`,
      [raffleId],
    );
    const entryNo = counted.rows[0]?.entries as number | undefined;
    if (entryNo === undefined) return null;
    const inserted = await client.query(
      `INSERT INTO raffle_entries (raffle_id, member_id, entry_no) VALUES ($1, $2, $3) RETURNING ${ENTRY_COLUMNS}`,
      [raffleId, memberId, entryNo],
    );
    return entryOf(inserted.rows[0]);
  },

  /**
   * The member's open entries whose raffle counts this event: same merchant and currency, the event's time inside
   * the window and after the join, not drawn. Locked (the entry rows) for the caller's update.
   */
  countingEntries: async (
    client: Client,
    input: { merchantCode: string; memberId: string; currency: string; at: Date; kind: 'deposit' | 'bet' },
  ): Promise<{ raffle: RaffleRow; entry: EntryRow }[]> => {
    const rule = input.kind === 'deposit' ? 'r.ticket_per_deposit' : 'r.ticket_per_valid_bet';
    const result = await client.query(
      `SELECT ${qualified(COLUMNS, 'r')}, ${qualified(ENTRY_COLUMNS, 'e')}
       FROM raffle_entries e JOIN raffles r ON r.id = e.raffle_id
       WHERE e.member_id = $1 AND r.merchant_code = $2 AND r.currency = $3 AND r.status = 'open'
         AND ${rule} IS NOT NULL AND r.tickets_from <= $4 AND r.tickets_to > $4 AND e.joined_at <= $4
       ORDER BY r.id FOR UPDATE OF e FOR SHARE OF r`,
      [input.memberId, input.merchantCode, input.currency, input.at],
    );
    // The two column lists share no name, so each row reads as both the raffle and the member's entry.
    return result.rows.map((r) => ({ raffle: raffleOf(r), entry: entryOf(r) }));
  },

  /** Records the event for the raffle; false when it was counted before (a replay adds nothing). */
  markSource: async (client: Client, raffleId: string, sourceKey: string, memberId: string): Promise<boolean> => {
    const inserted = await client.query(
      `INSERT INTO raffle_ticket_sources (raffle_id, source_key, member_id) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING raffle_id`,
      [raffleId, sourceKey, memberId],
    );
    return (inserted.rowCount ?? 0) > 0;
  },

  setTotals: async (
    client: Client,
    raffleId: string,
    memberId: string,
    totals: { depositTotal: bigint; validBetTotal: bigint; tickets: number },
  ): Promise<void> => {
    await client.query(
      `UPDATE raffle_entries SET deposit_total = $3, valid_bet_total = $4, tickets = $5
       WHERE raffle_id = $1 AND member_id = $2`,
      [raffleId, memberId, totals.depositTotal.toString(), totals.validBetTotal.toString(), totals.tickets],
    );
  },

  /** Raffles whose draw time has passed and that are not drawn yet. */
  dueIds: async (now: Date): Promise<string[]> => {
    const result = await pool.query(
      `SELECT id FROM raffles WHERE status = 'open' AND draw_at <= $1 ORDER BY draw_at, id LIMIT 50`,
      [now],
    );
    return result.rows.map((r) => r.id as string);
  },

  /** The raffle locked for its draw, if still open and due (a concurrent pass that drew it first: null). */
  lockDue: async (client: Client, id: string, now: Date): Promise<RaffleRow | null> => {
    const result = await client.query(
      `SELECT ${COLUMNS} FROM raffles WHERE id = $1 AND status = 'open' AND draw_at <= $2 FOR UPDATE`,
      [id, now],
    );
    return result.rows[0] ? raffleOf(result.rows[0]) : null;
  },

  insertWinner: async (
    client: Client,
    w: { raffleId: string; prizeIndex: number; entryNo: number; memberId: string; amount: bigint },
  ): Promise<void> => {
    await client.query(
      `INSERT INTO raffle_winners (raffle_id, prize_index, entry_no, member_id, amount) VALUES ($1, $2, $3, $4, $5)`,
      [w.raffleId, w.prizeIndex, w.entryNo, w.memberId, w.amount.toString()],
    );
  },

  markDrawn: async (client: Client, id: string): Promise<void> => {
    await client.query(`UPDATE raffles SET status = 'drawn', drawn_at = now() WHERE id = $1 AND status = 'open'`, [id]);
  },
});

export type RafflesRepository = ReturnType<typeof createRafflesRepository>;
