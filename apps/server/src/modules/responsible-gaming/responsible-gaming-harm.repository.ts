import type { HarmMarker } from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';
import type { HarmFigures } from './responsible-gaming-harm.rules';

/** One fact of an event, added into its member's 15-minute slot (the event's time, else its outbox row's). */
export interface HarmFact {
  merchantCode: string;
  memberId: string;
  /** ISO time of the fact; null: when the event was written. */
  at: string | null;
  deposits?: bigint;
  stakes?: bigint;
  cancelledWithdrawals?: number;
}

export interface HarmMarkerRecord extends HarmFigures {
  memberId: string;
  markers: HarmMarker[];
}

/** The window of one local day, its 35-day deposit window and its night hours, as UTC instants. */
export interface HarmWindow {
  merchantCode: string;
  day: string;
  dayStart: Date;
  dayEnd: Date;
  /** Start of the 7 days ending with the day, and of the 28 before them. */
  last7Start: Date;
  prior28Start: Date;
  nightStart: Date;
  nightEnd: Date;
}

const SLOT = (at: string) => `to_timestamp(floor(extract(epoch FROM ${at}) / 900) * 900)`;

/** The harm markers' own tables (rg_harm_facts, rg_harm_markers, rg_harm_runs) and the module's limit history. */
export const createHarmRepository = (pool: pg.Pool) => ({
  inTransaction: <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => inTransaction(pool, work),

  /** Adds one event's fact, on the delivery's transaction (the subscriber's receipt makes it once). */
  addFact: async (tx: pg.PoolClient, eventId: bigint, fact: HarmFact): Promise<void> => {
    await tx.query(
      `INSERT INTO rg_harm_facts (merchant_code, member_id, slot, deposits, stakes, cancelled_withdrawals)
       VALUES ($1, $2, ${SLOT('COALESCE($3::timestamptz, (SELECT created_at FROM events WHERE id = $7), now())')},
               $4, $5, $6)
       ON CONFLICT (merchant_code, slot, member_id) DO UPDATE SET
         deposits = rg_harm_facts.deposits + EXCLUDED.deposits,
         stakes = rg_harm_facts.stakes + EXCLUDED.stakes,
         cancelled_withdrawals = rg_harm_facts.cancelled_withdrawals + EXCLUDED.cancelled_withdrawals`,
      [
        fact.merchantCode,
        fact.memberId,
        fact.at,
        String(fact.deposits ?? 0n),
        String(fact.stakes ?? 0n),
        fact.cancelledWithdrawals ?? 0,
        String(eventId),
      ],
    );
  },

  /**
   * Every member of the merchant with any fact in the day or a deposit in its 35-day window, with the figures the
   * rules read. Limit increases are the module's own history (`limit.raise_requested`).
   */
  figures: async (client: pg.PoolClient, window: HarmWindow): Promise<(HarmFigures & { memberId: string })[]> => {
    const { rows } = await client.query<{
      memberId: string;
      depositsLast7: string;
      depositsPrior28: string;
      stakes: string;
      nightStakes: string;
      cancelledWithdrawals: number;
      limitIncreases: number;
    }>(
      `WITH facts AS (
         SELECT member_id,
                sum(deposits) FILTER (WHERE slot >= $4) AS last7,
                sum(deposits) FILTER (WHERE slot < $4) AS prior28,
                sum(stakes) FILTER (WHERE slot >= $2) AS stakes,
                sum(stakes) FILTER (WHERE slot >= $6 AND slot < $7) AS night,
                sum(cancelled_withdrawals) FILTER (WHERE slot >= $2) AS cancelled
           FROM rg_harm_facts
          WHERE merchant_code = $1 AND slot >= $5 AND slot < $3
          GROUP BY member_id),
       raises AS (
         SELECT member_id, count(*)::int AS n FROM rg_history
          WHERE merchant_code = $1 AND action = 'limit.raise_requested' AND at >= $2 AND at < $3
          GROUP BY member_id)
       SELECT COALESCE(f.member_id, r.member_id) AS "memberId",
              COALESCE(f.last7, 0)::text AS "depositsLast7", COALESCE(f.prior28, 0)::text AS "depositsPrior28",
              COALESCE(f.stakes, 0)::text AS stakes, COALESCE(f.night, 0)::text AS "nightStakes",
              COALESCE(f.cancelled, 0)::int AS "cancelledWithdrawals", COALESCE(r.n, 0) AS "limitIncreases"
         FROM facts f FULL JOIN raises r ON r.member_id = f.member_id`,
      [
        window.merchantCode,
        window.dayStart,
        window.dayEnd,
        window.last7Start,
        window.prior28Start,
        window.nightStart,
        window.nightEnd,
      ],
    );
    return rows.map((row) => ({
      memberId: row.memberId,
      depositsLast7: BigInt(row.depositsLast7),
      depositsPrior28: BigInt(row.depositsPrior28),
      stakes: BigInt(row.stakes),
      nightStakes: BigInt(row.nightStakes),
      cancelledWithdrawals: row.cancelledWithdrawals,
      limitIncreases: row.limitIncreases,
    }));
  },

  /** Serialises the computations of one (merchant, day) for the transaction. */
  lockDay: async (client: pg.PoolClient, merchantCode: string, day: string): Promise<void> => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`rg-harm:${merchantCode}:${day}`]);
  },

  /** Replaces the day's rows and records the run, in the caller's transaction. */
  replaceDay: async (
    client: pg.PoolClient,
    merchantCode: string,
    day: string,
    records: readonly HarmMarkerRecord[],
  ): Promise<void> => {
    await client.query('DELETE FROM rg_harm_markers WHERE merchant_code = $1 AND day = $2', [merchantCode, day]);
    if (records.length > 0) {
      await client.query(
        `INSERT INTO rg_harm_markers (merchant_code, day, member_id, markers, deposits_last_7, deposits_prior_28,
           limit_increases, stakes, night_stakes, cancelled_withdrawals)
         SELECT $1, $2, r.member_id, string_to_array(r.markers, ','), r.last7, r.prior28, r.raises, r.stakes,
                r.night, r.cancelled
           FROM unnest($3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::int[], $8::bigint[], $9::bigint[],
                       $10::int[])
             AS r(member_id, markers, last7, prior28, raises, stakes, night, cancelled)`,
        [
          merchantCode,
          day,
          records.map((r) => r.memberId),
          records.map((r) => r.markers.join(',')),
          records.map((r) => String(r.depositsLast7)),
          records.map((r) => String(r.depositsPrior28)),
          records.map((r) => r.limitIncreases),
          records.map((r) => String(r.stakes)),
          records.map((r) => String(r.nightStakes)),
          records.map((r) => r.cancelledWithdrawals),
        ],
      );
    }
    await client.query(
      `INSERT INTO rg_harm_runs (merchant_code, day, computed_at, flagged) VALUES ($1, $2, now(), $3)
       ON CONFLICT (merchant_code, day) DO UPDATE SET computed_at = now(), flagged = EXCLUDED.flagged`,
      [merchantCode, day, records.length],
    );
  },

  /** Whether the day was computed, and when. */
  run: async (merchantCode: string, day: string): Promise<{ computedAt: Date } | null> => {
    const { rows } = await pool.query<{ computedAt: Date }>(
      `SELECT computed_at AS "computedAt" FROM rg_harm_runs WHERE merchant_code = $1 AND day = $2`,
      [merchantCode, day],
    );
    return rows[0] ?? null;
  },

  /** The day's flagged members of one merchant, with one marker or all. */
  markersOf: async (merchantCode: string, day: string, marker: HarmMarker | null): Promise<HarmMarkerRecord[]> => {
    const { rows } = await pool.query<{
      memberId: string;
      markers: HarmMarker[];
      depositsLast7: string;
      depositsPrior28: string;
      limitIncreases: number;
      stakes: string;
      nightStakes: string;
      cancelledWithdrawals: number;
    }>(
      `SELECT member_id AS "memberId", markers, deposits_last_7::text AS "depositsLast7",
              deposits_prior_28::text AS "depositsPrior28", limit_increases AS "limitIncreases",
              stakes::text AS stakes, night_stakes::text AS "nightStakes",
              cancelled_withdrawals AS "cancelledWithdrawals"
         FROM rg_harm_markers
        WHERE merchant_code = $1 AND day = $2 AND ($3::text IS NULL OR $3 = ANY(markers))
        ORDER BY cardinality(markers) DESC, member_id
        LIMIT 1000`,
      [merchantCode, day, marker],
    );
    return rows.map((row) => ({
      ...row,
      depositsLast7: BigInt(row.depositsLast7),
      depositsPrior28: BigInt(row.depositsPrior28),
      stakes: BigInt(row.stakes),
      nightStakes: BigInt(row.nightStakes),
    }));
  },
});

export type HarmRepository = ReturnType<typeof createHarmRepository>;
