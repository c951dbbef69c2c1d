import type pg from 'pg';

/**
 * Rebuilds a merchant's hourly rollups from the raw rows (decision 0123): settled rounds, succeeded deposit orders,
 * paid withdrawal orders, claimed rewards and registered members. One UTC day at a time, each in its own
 * transaction:
 *
 * 1. a session lock on the merchant's rollups, exclusive; every live writer (the reports subscribers) takes it
 *    shared in its delivery's transaction, so while a day is rebuilt no event of the merchant is applied, and the
 *    rebuild waits for the deliveries already applying one;
 * 2. one snapshot (REPEATABLE READ, taken after the lock) for every read: the raw rows, the outbox and the
 *    receipts agree;
 * 3. the day's rows are deleted and written again from the raw rows, less what the events not yet delivered to the
 *    reports subscribers will add when they are (their raw rows are in the snapshot: an event commits with its
 *    row). A delivery after the rebuild then adds exactly what was left out, and a rebuild run twice writes the same.
 *
 * Distinct sets (a game's players, an hour's players, a member's registration and first deposit) are written as
 * the union with what is there: a later delivery adds nothing twice to a set. Members' ordinals (decision 0143) are
 * never rebuilt: a day's players without one get the next ones; the kept zones' local days the day's hours fall on
 * are recomputed from the hours (decision 0157). The hourly counters of registrations and first
 * depositors (decision 0147) are recounted from the set for the day's hours and every hour the rebuild wrote to.
 *
 * Then each member's lifetime play per game (`reports_member_games`) for the members who played in the range, the
 * same way a batch of members at a time (decision 0135).
 */

const LOCK = `hashtext('reports-rollups:' || $1)`;

/** Taken by every live writer of the rollups, on the delivery's transaction. */
export const liveWriterLock = async (tx: pg.PoolClient, merchantCode: string) => {
  await tx.query(`SELECT pg_advisory_xact_lock_shared(${LOCK})`, [merchantCode]);
};

/** Events of `name` of the merchant the subscriber has no receipt for (in the statement's snapshot). */
const pending = (name: string, subscriber: string) =>
  `SELECT e.id, e.created_at, e.payload FROM events e
    WHERE e.merchant_code = $1 AND e.name = '${name}'
      AND NOT EXISTS (SELECT 1 FROM event_receipts r WHERE r.subscriber = '${subscriber}' AND r.event_id = e.id)`;

/**
 * Players as bitmaps of their ordinals (decision 0143): a chunk of `reports_active_hours` holds 2^13 members, so a
 * row stays 1 KiB (kept inline, no TOAST) and a merchant's hour has a row per 8,192 members who played in it.
 */
export const ACTIVE_CHUNK_BITS = 13;
export const ACTIVE_CHUNK_MASK = (1 << ACTIVE_CHUNK_BITS) - 1;
/** An empty chunk, as SQL. */
export const ACTIVE_CHUNK_ZERO = `B'0'::bit(${1 << ACTIVE_CHUNK_BITS})::varbit`;

/** The most time zones a merchant's players are also kept per local day in (decision 0157). */
export const ACTIVE_ZONES_MAX = 4;

/**
 * Recomputes, for the kept zones (or one), the local days that the UTC hours [$2, $3) fall on, from the hours'
 * bitmaps: each day's chunks are the OR of its hours' (decision 0157). `$1` is the merchant; `$4` a zone or null.
 */
const recomputeActiveDays = async (
  client: pg.PoolClient,
  merchantCode: string,
  from: string,
  to: string,
  zone: string | null,
) => {
  const touched = `SELECT DISTINCT z.time_zone, (h AT TIME ZONE z.time_zone)::date AS day
      FROM reports_active_zones z,
           generate_series($2::timestamptz, $3::timestamptz - interval '1 hour', interval '1 hour') AS h
     WHERE z.merchant_code = $1 AND ($4::text IS NULL OR z.time_zone = $4)`;
  const p = [merchantCode, from, to, zone];
  await client.query(
    `DELETE FROM reports_active_days d USING (${touched}) t
      WHERE d.merchant_code = $1 AND d.time_zone = t.time_zone AND d.day = t.day`,
    p,
  );
  await client.query(
    `INSERT INTO reports_active_days (merchant_code, time_zone, day, chunk, members)
     SELECT $1, t.time_zone, t.day, a.chunk, bit_or(a.members) FROM (${touched}) t
       JOIN reports_active_hours a ON a.merchant_code = $1 AND a.hour >= (t.day::timestamp AT TIME ZONE t.time_zone)
        AND a.hour < ((t.day + 1)::timestamp AT TIME ZONE t.time_zone)
      GROUP BY t.time_zone, t.day, a.chunk`,
    p,
  );
};

/**
 * Whether the merchant's players are kept per local day of `timeZone` (decision 0157). A zone not kept yet is added
 * while the merchant has fewer than ACTIVE_ZONES_MAX, its days filled from all the kept hours, in one transaction
 * under the rollups' lock taken exclusive: no bet is applied meanwhile, and every later one sets its bit in the
 * zone's day too.
 */
export const keepActiveDays = async (pool: pg.Pool, merchantCode: string, timeZone: string): Promise<boolean> => {
  const kept = await pool.query('SELECT 1 FROM reports_active_zones WHERE merchant_code = $1 AND time_zone = $2', [
    merchantCode,
    timeZone,
  ]);
  if (kept.rowCount) return true;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(${LOCK})`, [merchantCode]);
    const added = await client.query(
      `INSERT INTO reports_active_zones (merchant_code, time_zone)
       SELECT $1, $2 WHERE (SELECT count(*) FROM reports_active_zones WHERE merchant_code = $1) < ${ACTIVE_ZONES_MAX}
       ON CONFLICT DO NOTHING`,
      [merchantCode, timeZone],
    );
    if (added.rowCount) {
      const { rows } = await client.query<{ from: Date | null; to: Date | null }>(
        `SELECT min(hour) AS from, max(hour) + interval '1 hour' AS to FROM reports_active_hours
          WHERE merchant_code = $1`,
        [merchantCode],
      );
      const range = rows[0];
      if (range?.from && range.to)
        await recomputeActiveDays(client, merchantCode, range.from.toISOString(), range.to.toISOString(), timeZone);
    }
    const now = await client.query('SELECT 1 FROM reports_active_zones WHERE merchant_code = $1 AND time_zone = $2', [
      merchantCode,
      timeZone,
    ]);
    await client.query('COMMIT');
    return (now.rowCount ?? 0) > 0;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
};

const ORDINAL_LOCK = `hashtext('reports-ordinals:' || $1)`;

/**
 * The member's ordinal in its merchant (decision 0143), given on its first need: the next after the merchant's
 * highest, under a lock on the merchant's ordinals held to the end of the caller's transaction (two new members
 * never take the same number). A member met before costs one indexed read.
 */
export const memberOrdinal = async (tx: pg.PoolClient, merchantCode: string, memberId: string): Promise<number> => {
  const read = async () =>
    (
      await tx.query<{ ordinal: number }>('SELECT ordinal FROM reports_member_ordinals WHERE member_id = $1', [
        memberId,
      ])
    ).rows[0]?.ordinal;
  const known = await read();
  if (known !== undefined) return known;
  await tx.query(`SELECT pg_advisory_xact_lock(${ORDINAL_LOCK})`, [merchantCode]);
  await tx.query(
    `INSERT INTO reports_member_ordinals (member_id, merchant_code, ordinal)
     SELECT $2, $1, COALESCE(max(ordinal) + 1, 0) FROM reports_member_ordinals WHERE merchant_code = $1
     ON CONFLICT (member_id) DO NOTHING`,
    [merchantCode, memberId],
  );
  const given = await read();
  if (given === undefined) throw new Error(`no ordinal for member ${memberId}`);
  return given;
};

const IN_DAY = (column: string) => `${column} >= $2 AND ${column} < $3`;

/** One day's rebuild, in the caller's REPEATABLE READ transaction under the exclusive lock. */
const rebuildDay = async (client: pg.PoolClient, merchantCode: string, from: string, to: string) => {
  const p = [merchantCode, from, to];
  for (const table of [
    'reports_hourly',
    'reports_game_hourly',
    'reports_game_players',
    'reports_active_hours',
    'reports_reward_hourly',
    'reports_player_hours',
  ])
    await client.query(`DELETE FROM ${table} WHERE merchant_code = $1 AND ${IN_DAY('hour')}`, p);
  await client.query(
    `DELETE FROM reports_game_days WHERE merchant_code = $1 AND day >= ($2::timestamptz AT TIME ZONE 'UTC')::date
        AND day < ($3::timestamptz AT TIME ZONE 'UTC')::date`,
    p,
  );

  // Play: settled rounds, less the pending bet events (a correction's differences included).
  await client.query(
    `CREATE TEMP TABLE backfill_bets ON COMMIT DROP AS
     SELECT member_id, currency, category, source, provider, hour, sum(rounds)::int AS rounds, sum(stakes) AS stakes,
            sum(valid) AS valid, sum(payouts) AS payouts
       FROM (
         SELECT member_id, currency, game_type AS category, source, provider, date_trunc('hour', settled_at) AS hour,
                1 AS rounds, bet_amount AS stakes, valid_bet AS valid, payout AS payouts
           FROM bet_rounds WHERE merchant_code = $1 AND status = 'settled' AND ${IN_DAY('settled_at')}
         UNION ALL
         SELECT (payload->>'memberId')::uuid, payload->>'currency', payload->>'gameType', payload->>'source',
                payload->>'provider', date_trunc('hour', (payload->>'settledAt')::timestamptz),
                -(CASE WHEN payload ? 'correction' THEN COALESCE((payload->>'rounds')::int, 0) ELSE 1 END),
                -(payload->>'betAmount')::bigint, -(payload->>'validBet')::bigint, -(payload->>'payout')::bigint
           FROM (${pending('bet.settled', 'reports.bets')}) e
          WHERE ${IN_DAY(`(payload->>'settledAt')::timestamptz`)}
       ) x GROUP BY member_id, currency, category, source, provider, hour`,
    p,
  );
  await client.query(
    `INSERT INTO reports_hourly (merchant_code, currency, hour, rounds, stakes, valid_bets, payouts)
     SELECT $1, currency, hour, sum(rounds), sum(stakes), sum(valid), sum(payouts) FROM backfill_bets
      GROUP BY currency, hour`,
    [merchantCode],
  );
  await client.query(
    `INSERT INTO reports_game_hourly
       (merchant_code, currency, hour, category, source, provider, rounds, stakes, valid_bets, payouts)
     SELECT $1, currency, hour, category, source, provider, sum(rounds), sum(stakes), sum(valid), sum(payouts)
       FROM backfill_bets GROUP BY currency, hour, category, source, provider`,
    [merchantCode],
  );
  // Who played (sets, decision 0143): the day's players get their ordinals first (the next ones, in the order of
  // their first round), then each hour's bitmap chunks and each game's ordinals.
  await client.query(`SELECT pg_advisory_xact_lock(${ORDINAL_LOCK})`, [merchantCode]);
  await client.query(
    `INSERT INTO reports_member_ordinals (member_id, merchant_code, ordinal)
     SELECT member_id, $1, (SELECT COALESCE(max(ordinal) + 1, 0) FROM reports_member_ordinals WHERE merchant_code = $1)
                           + row_number() OVER (ORDER BY first, member_id) - 1
       FROM (SELECT member_id, min(settled_at) AS first FROM bet_rounds r
              WHERE merchant_code = $1 AND status = 'settled' AND ${IN_DAY('settled_at')}
                AND NOT EXISTS (SELECT 1 FROM reports_member_ordinals o WHERE o.member_id = r.member_id)
              GROUP BY member_id) x`,
    p,
  );
  const played = `SELECT DISTINCT date_trunc('hour', r.settled_at) AS hour, r.game_type, r.source, r.provider, o.ordinal
      FROM bet_rounds r JOIN reports_member_ordinals o ON o.member_id = r.member_id
     WHERE r.merchant_code = $1 AND r.status = 'settled' AND ${IN_DAY('r.settled_at')}`;
  await client.query(
    `INSERT INTO reports_active_hours (merchant_code, hour, chunk, members)
     SELECT $1, hour, ordinal >> ${ACTIVE_CHUNK_BITS},
            bit_or(set_bit(${ACTIVE_CHUNK_ZERO}, ordinal & ${ACTIVE_CHUNK_MASK}, 1))
       FROM (SELECT DISTINCT hour, ordinal FROM (${played}) x) y GROUP BY hour, ordinal >> ${ACTIVE_CHUNK_BITS}`,
    p,
  );
  // The kept zones' local days that the day's hours fall on, from the hours now written (decision 0157).
  await recomputeActiveDays(client, merchantCode, from, to, null);
  await client.query(
    `INSERT INTO reports_game_days (merchant_code, day, category, source, provider, chunk, members)
     SELECT $1, day, game_type, source, provider, ordinal >> ${ACTIVE_CHUNK_BITS},
            bit_or(set_bit(${ACTIVE_CHUNK_ZERO}, ordinal & ${ACTIVE_CHUNK_MASK}, 1))
       FROM (SELECT DISTINCT (hour AT TIME ZONE 'UTC')::date AS day, game_type, source, provider, ordinal
               FROM (${played}) x) y
      GROUP BY day, game_type, source, provider, ordinal >> ${ACTIVE_CHUNK_BITS}`,
    p,
  );
  await client.query(
    `INSERT INTO reports_game_players (merchant_code, hour, category, source, provider, members)
     SELECT $1, hour, game_type, source, provider, array_agg(ordinal ORDER BY ordinal) FROM (${played}) x
      GROUP BY hour, game_type, source, provider`,
    p,
  );
  await client.query(
    `INSERT INTO reports_player_hours (merchant_code, member_id, hour, currency, rounds, stakes, valid_bets, payouts)
     SELECT $1, member_id, hour, min(currency), sum(rounds), sum(stakes), sum(valid), sum(payouts) FROM backfill_bets
      GROUP BY member_id, hour`,
    [merchantCode],
  );

  // Cash and claimed bonuses: each raw row once, at its event's time (its own where it has none), unless its
  // event is still to be delivered (the delivery will add it).
  const cash = async (
    kind: 'deposit' | 'withdrawal',
    rows: string,
    event: string,
    subscriber: string,
    key: string,
  ): Promise<void> => {
    const count = `${kind}_count`;
    const amount = `${kind}s`;
    const source = `SELECT o.member_id, o.currency, o.amount,
             date_trunc('hour', COALESCE((SELECT e.created_at FROM events e WHERE e.merchant_code = $1
               AND e.name = '${event}' AND e.payload->>'${key}' = o.id::text LIMIT 1), o.at)) AS hour
        FROM (${rows}) o
       WHERE NOT EXISTS (SELECT 1 FROM (${pending(event, subscriber)}) q WHERE q.payload->>'${key}' = o.id::text)`;
    await client.query(
      `WITH src AS (${source}), inday AS (SELECT * FROM src WHERE ${IN_DAY('hour')}),
       totals AS (
         INSERT INTO reports_hourly (merchant_code, currency, hour, ${count}, ${amount})
         SELECT $1, currency, hour, count(*), sum(amount) FROM inday GROUP BY currency, hour
         ON CONFLICT (merchant_code, currency, hour) DO UPDATE SET
           ${count} = EXCLUDED.${count}, ${amount} = EXCLUDED.${amount})
       INSERT INTO reports_player_hours (merchant_code, member_id, hour, currency, ${count}, ${amount})
       SELECT $1, member_id, hour, min(currency), count(*), sum(amount) FROM inday GROUP BY member_id, hour
       ON CONFLICT (merchant_code, hour, member_id) DO UPDATE SET
         ${count} = EXCLUDED.${count}, ${amount} = EXCLUDED.${amount}`,
      p,
    );
  };
  // Orders are read from a day around the range: an order's event may fall in another hour than its own time.
  const around = (column: string) =>
    `${column} >= $2::timestamptz - interval '1 day' AND ${column} < $3::timestamptz + interval '1 day'`;
  await cash(
    'deposit',
    `SELECT id, member_id, currency, amount, updated_at AS at FROM deposit_orders
      WHERE merchant_code = $1 AND status = 'succeeded' AND ${around('updated_at')}`,
    'deposit.credited',
    'reports.deposits',
    'depositId',
  );
  await cash(
    'withdrawal',
    `SELECT id, member_id, currency, amount, disbursed_at AS at FROM withdrawal_orders
      WHERE merchant_code = $1 AND disbursed_at IS NOT NULL AND status IN ('disbursed', 'completed', 'disputed')
        AND ${around('disbursed_at')}`,
    'withdrawal.paid',
    'reports.withdrawals',
    'withdrawalId',
  );
  await client.query(
    `WITH src AS (
       SELECT o.member_id, o.currency, o.kind, o.amount,
              date_trunc('hour', COALESCE((SELECT e.created_at FROM events e WHERE e.merchant_code = $1
                AND e.name = 'reward.claimed' AND e.payload->>'rewardId' = o.id::text LIMIT 1), o.claimed_at)) AS hour
         FROM member_rewards o
        WHERE o.merchant_code = $1 AND o.status = 'claimed' AND ${around('o.claimed_at')}
          AND NOT EXISTS (SELECT 1 FROM (${pending('reward.claimed', 'reports.rewards')}) q
                           WHERE q.payload->>'rewardId' = o.id::text)),
     inday AS (SELECT * FROM src WHERE ${IN_DAY('hour')}),
     totals AS (
       INSERT INTO reports_hourly (merchant_code, currency, hour, reward_count, rewards)
       SELECT $1, currency, hour, count(*), sum(amount) FROM inday GROUP BY currency, hour
       ON CONFLICT (merchant_code, currency, hour) DO UPDATE SET
         reward_count = EXCLUDED.reward_count, rewards = EXCLUDED.rewards),
     kinds AS (
       INSERT INTO reports_reward_hourly (merchant_code, currency, hour, kind, claims, amount)
       SELECT $1, currency, hour, kind, count(*), sum(amount) FROM inday GROUP BY currency, hour, kind)
     INSERT INTO reports_player_hours (merchant_code, member_id, hour, currency, rewards)
     SELECT $1, member_id, hour, min(currency), sum(amount) FROM inday GROUP BY member_id, hour
     ON CONFLICT (merchant_code, hour, member_id) DO UPDATE SET rewards = EXCLUDED.rewards`,
    p,
  );

  // Registrations (how and when), and first deposits where none is known: a set, written as a union. The hours
  // of what was written, with the day's, then get their counters recounted from the set (decision 0147).
  await client.query(
    `CREATE TEMP TABLE backfill_member_hours ON COMMIT DROP AS
     SELECT generate_series($1::timestamptz, $2::timestamptz - interval '1 hour', interval '1 hour') AS hour`,
    [from, to],
  );
  await client.query(
    `WITH written AS (
     INSERT INTO reports_members (member_id, merchant_code, registered_at, source)
     SELECT m.id, $1, COALESCE((SELECT e.created_at FROM events e WHERE e.merchant_code = $1
              AND e.name = 'member.registered' AND e.payload->>'memberId' = m.id::text LIMIT 1), m.created_at),
            CASE WHEN m.upline_id IS NOT NULL THEN 'affiliate' WHEN m.referred_by_id IS NOT NULL THEN 'referral'
                 ELSE 'direct' END
       FROM members m WHERE m.merchant_code = $1 AND ${IN_DAY('m.created_at')}
     ON CONFLICT (member_id) DO UPDATE SET registered_at = COALESCE(reports_members.registered_at,
       EXCLUDED.registered_at), source = COALESCE(reports_members.source, EXCLUDED.source)
     RETURNING registered_at)
     INSERT INTO backfill_member_hours SELECT DISTINCT date_trunc('hour', registered_at) FROM written`,
    p,
  );
  await client.query(
    `WITH written AS (
     INSERT INTO reports_members (member_id, merchant_code, first_deposit_at, first_deposit_currency, first_deposit)
     SELECT DISTINCT ON (o.member_id) o.member_id, $1,
            COALESCE((SELECT e.created_at FROM events e WHERE e.merchant_code = $1 AND e.name = 'deposit.credited'
              AND e.payload->>'depositId' = o.id::text LIMIT 1), o.updated_at), o.currency, o.amount
       FROM deposit_orders o
      WHERE o.merchant_code = $1 AND o.status = 'succeeded'
        AND o.member_id IN (SELECT member_id FROM deposit_orders WHERE merchant_code = $1 AND status = 'succeeded'
                              AND ${IN_DAY('updated_at')})
      ORDER BY o.member_id, o.updated_at
     ON CONFLICT (member_id) DO UPDATE SET first_deposit_at = EXCLUDED.first_deposit_at,
       first_deposit_currency = EXCLUDED.first_deposit_currency, first_deposit = EXCLUDED.first_deposit
     WHERE reports_members.first_deposit_at IS NULL
     RETURNING first_deposit_at)
     INSERT INTO backfill_member_hours SELECT DISTINCT date_trunc('hour', first_deposit_at) FROM written`,
    p,
  );
  const hours = `(SELECT DISTINCT hour FROM backfill_member_hours) h`;
  await client.query(
    `DELETE FROM reports_registration_hourly r USING ${hours} WHERE r.merchant_code = $1 AND r.hour = h.hour`,
    [merchantCode],
  );
  await client.query(
    `INSERT INTO reports_registration_hourly (merchant_code, hour, source, registrations)
     SELECT $1, h.hour, COALESCE(m.source, 'direct'), count(*) FROM ${hours}
       JOIN reports_members m ON m.merchant_code = $1 AND m.registered_at >= h.hour
        AND m.registered_at < h.hour + interval '1 hour'
      GROUP BY h.hour, COALESCE(m.source, 'direct')`,
    [merchantCode],
  );
  await client.query(
    `UPDATE reports_hourly r SET first_depositors = 0 FROM ${hours}
      WHERE r.merchant_code = $1 AND r.hour = h.hour AND r.first_depositors <> 0`,
    [merchantCode],
  );
  await client.query(
    `INSERT INTO reports_hourly (merchant_code, currency, hour, first_depositors)
     SELECT $1, m.first_deposit_currency, h.hour, count(*) FROM ${hours}
       JOIN reports_members m ON m.merchant_code = $1 AND m.first_deposit_at >= h.hour
        AND m.first_deposit_at < h.hour + interval '1 hour' AND m.first_deposit_currency IS NOT NULL
      GROUP BY m.first_deposit_currency, h.hour
     ON CONFLICT (merchant_code, currency, hour) DO UPDATE SET first_depositors = EXCLUDED.first_depositors`,
    [merchantCode],
  );
};

/**
 * `reports_member_games` is a member's lifetime play per game, with no hour to cut a day out of: it is rebuilt per
 * member, whole. After the days of a range, every member with play in the range (a round settled in it, a bet event
 * of it not yet delivered, or a kept row last played in it) has its rows deleted and written again from all its
 * settled rounds, less its bet events not yet delivered, in batches of MEMBER_BATCH members, each under the
 * exclusive lock in one REPEATABLE READ snapshot as a day is. A later delivery adds exactly what was left out.
 */
const MEMBER_BATCH = 500;

/** The members whose lifetime rows a rebuild of [from, to) rewrites, in id order. */
const membersPlayedIn = async (client: pg.PoolClient, merchantCode: string, from: string, to: string) =>
  (
    await client.query<{ member_id: string }>(
      `SELECT member_id FROM bet_rounds WHERE merchant_code = $1 AND ${IN_DAY('settled_at')}
       UNION
       SELECT (payload->>'memberId')::uuid FROM (${pending('bet.settled', 'reports.bets')}) e
        WHERE ${IN_DAY(`(payload->>'settledAt')::timestamptz`)}
       UNION
       SELECT member_id FROM reports_member_games WHERE merchant_code = $1 AND ${IN_DAY('last_at')}
       ORDER BY 1`,
      [merchantCode, from, to],
    )
  ).rows.map((row) => row.member_id);

/** One batch of members' lifetime rows, in the caller's REPEATABLE READ transaction under the exclusive lock. */
const rebuildMemberGames = async (client: pg.PoolClient, merchantCode: string, members: string[]) => {
  await client.query('DELETE FROM reports_member_games WHERE merchant_code = $1 AND member_id = ANY($2::uuid[])', [
    merchantCode,
    members,
  ]);
  await client.query(
    `INSERT INTO reports_member_games
       (merchant_code, member_id, currency, category, source, provider, rounds, stakes, valid_bets, payouts, last_at)
     SELECT $1, member_id, currency, category, source, provider, sum(rounds), sum(stakes), sum(valid), sum(payouts),
            max(at)
       FROM (
         SELECT member_id, currency, game_type AS category, source, provider, 1 AS rounds, bet_amount AS stakes,
                valid_bet AS valid, payout AS payouts, settled_at AS at
           FROM bet_rounds WHERE member_id = ANY($2::uuid[]) AND merchant_code = $1 AND status = 'settled'
         UNION ALL
         SELECT (payload->>'memberId')::uuid, payload->>'currency', payload->>'gameType', payload->>'source',
                payload->>'provider',
                -(CASE WHEN payload ? 'correction' THEN COALESCE((payload->>'rounds')::int, 0) ELSE 1 END),
                -(payload->>'betAmount')::bigint, -(payload->>'validBet')::bigint, -(payload->>'payout')::bigint,
                (payload->>'settledAt')::timestamptz
           FROM (${pending('bet.settled', 'reports.bets')}) e
          WHERE (payload->>'memberId')::uuid = ANY($2::uuid[])
       ) x GROUP BY member_id, currency, category, source, provider`,
    [merchantCode, members],
  );
};

/** Runs `work` in one REPEATABLE READ transaction taken after the merchant's exclusive rollup lock. */
const underExclusiveLock = async (client: pg.PoolClient, merchantCode: string, work: () => Promise<void>) => {
  await client.query(`SELECT pg_advisory_lock(${LOCK})`, [merchantCode]);
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    await work();
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.query(`SELECT pg_advisory_unlock(${LOCK})`, [merchantCode]);
  }
};

const addDay = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

/**
 * Rebuilds `merchantCode`'s rollups for the UTC days `from`..`to` (inclusive), a day per transaction, then the
 * lifetime rows of the members who played in them, a batch per transaction; `onDay` hears each day done (progress),
 * `onMembers` each batch of members. Idempotent, and safe while events are delivered (see above).
 */
export const backfillRollups = async (
  pool: pg.Pool,
  merchantCode: string,
  from: string,
  to: string,
  onDay?: (day: string, done: number, total: number) => void | Promise<void>,
  onMembers?: (done: number, total: number) => void | Promise<void>,
) => {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDay(day, 1)) days.push(day);
  const client = await pool.connect();
  try {
    for (const [i, day] of days.entries()) {
      await underExclusiveLock(client, merchantCode, () =>
        rebuildDay(client, merchantCode, `${day}T00:00:00Z`, `${addDay(day, 1)}T00:00:00Z`),
      );
      await onDay?.(day, i + 1, days.length);
    }
    const members = await membersPlayedIn(client, merchantCode, `${from}T00:00:00Z`, `${addDay(to, 1)}T00:00:00Z`);
    for (let at = 0; at < members.length; at += MEMBER_BATCH) {
      const batch = members.slice(at, at + MEMBER_BATCH);
      await underExclusiveLock(client, merchantCode, () => rebuildMemberGames(client, merchantCode, batch));
      await onMembers?.(at + batch.length, members.length);
    }
    return { days: days.length, members: members.length };
  } finally {
    client.release();
  }
};
