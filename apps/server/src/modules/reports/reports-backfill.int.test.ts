import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantLikeDemo, signInOperators } from '../../../test/back-office';
import { creditDeposit as creditDepositOf } from '../../../test/credit-deposit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { inTransaction } from '../../platform/db/transaction';
import type { JobContext } from '../../platform/jobs';
import { hashPassword } from '../../platform/security/password';
import { reportsModule } from './index';
import { ACTIVE_ZONES_MAX, backfillRollups } from './reports.backfill';
import { addDays, dayStart, localDate } from './reports.periods';

/**
 * The rollups' backfill on a real PostgreSQL (decision 0123): wiped rollups rebuilt from the raw rows equal the
 * ones the subscribers kept, row for row; a second run changes nothing; a backfill racing the delivery of new
 * events (rounds, deposits, registrations) counts each once, and the result equals a rebuild from the raw rows.
 */

let t: TestApp;
let passwordHash: string;
const today = new Date().toISOString().slice(0, 10);
let seq = 0;

const newMember = async (username: string) => {
  const created = await t.services.members.create({
    merchantCode: 'demo',
    username,
    account: username,
    nickname: username,
    passwordHash,
  });
  if (!('row' in created)) throw new Error(`member ${username} not created`);
  return created.row.id;
};

const creditDeposit = (memberId: string, amount: string) => creditDepositOf(t, memberId, amount);

const play = async (memberId: string, stake: bigint, payout: bigint, provider = 'test', settledAt = new Date()) => {
  seq += 1;
  await t.services.bets.recordSettledRound({
    merchantCode: 'demo',
    memberId,
    source: 'test',
    provider,
    roundRef: `backfill-${seq}-${randomUUID()}`,
    gameId: 1,
    gameType: 'ELOTTO' as never,
    vendorCode: 'TEST',
    currency: 'USD',
    betAmount: stake,
    payout,
    settledAt,
  });
};

/** Every rollup row of the demo merchant from today on, as text, in a stable order. */
const dump = async () => {
  const q = async (sql: string) =>
    (await t.database.pool.query<{ r: string }>(sql)).rows.map((row) => row.r).join('\n');
  const since = `merchant_code = 'demo' AND hour >= '${today}'::timestamptz`;
  return {
    hourly: await q(`SELECT (h.*)::text AS r FROM reports_hourly h WHERE ${since} ORDER BY 1`),
    games: await q(`SELECT (h.*)::text AS r FROM reports_game_hourly h WHERE ${since} ORDER BY 1`),
    players: await q(
      `SELECT h.merchant_code || h.hour || h.category || h.source || h.provider
              || (SELECT array_agg(o ORDER BY o) FROM unnest(h.members) o)::text AS r
         FROM reports_game_players h WHERE ${since} ORDER BY 1`,
    ),
    active: await q(`SELECT (h.*)::text AS r FROM reports_active_hours h WHERE ${since} ORDER BY 1`),
    gameDays: await q(
      `SELECT (h.*)::text AS r FROM reports_game_days h
        WHERE merchant_code = 'demo' AND day >= '${today}'::date ORDER BY 1`,
    ),
    rewards: await q(`SELECT (h.*)::text AS r FROM reports_reward_hourly h WHERE ${since} ORDER BY 1`),
    hours: await q(`SELECT (h.*)::text AS r FROM reports_player_hours h WHERE ${since} ORDER BY 1`),
    members: await q(
      `SELECT (m.*)::text AS r FROM reports_members m WHERE merchant_code = 'demo' AND registered_at >= '${today}' ORDER BY 1`,
    ),
    registrations: await q(`SELECT (h.*)::text AS r FROM reports_registration_hourly h WHERE ${since} ORDER BY 1`),
  };
};

/** Today's raw play and deposits of the demo merchant (the recomputation the rollups are held to). */
const raw = async () =>
  (
    await t.database.pool.query<{ stakes: string; rounds: string; deposits: string }>(
      `SELECT (SELECT COALESCE(sum(bet_amount), 0) FROM bet_rounds WHERE merchant_code = 'demo' AND status = 'settled'
                AND settled_at >= '${today}'::timestamptz)::text AS stakes,
              (SELECT count(*) FROM bet_rounds WHERE merchant_code = 'demo' AND status = 'settled'
                AND settled_at >= '${today}'::timestamptz)::text AS rounds,
              (SELECT COALESCE(sum(amount), 0) FROM deposit_orders WHERE merchant_code = 'demo' AND status = 'succeeded'
                AND updated_at >= '${today}'::timestamptz)::text AS deposits`,
    )
  ).rows[0];
const rolled = async () =>
  (
    await t.database.pool.query<{ stakes: string; rounds: string; deposits: string }>(
      `SELECT COALESCE(sum(stakes), 0)::text AS stakes, COALESCE(sum(rounds), 0)::text AS rounds,
              COALESCE(sum(deposits), 0)::text AS deposits
         FROM reports_hourly WHERE merchant_code = 'demo' AND hour >= '${today}'::timestamptz`,
    )
  ).rows[0];

const wipe = async () => {
  for (const table of [
    'reports_hourly',
    'reports_game_hourly',
    'reports_game_players',
    'reports_active_hours',
    'reports_active_days',
    'reports_game_days',
    'reports_reward_hourly',
    'reports_player_hours',
    'reports_registration_hourly',
  ])
    await t.database.pool.query(`DELETE FROM ${table} WHERE merchant_code = 'demo'`);
  await t.database.pool.query(`DELETE FROM reports_members WHERE merchant_code = 'demo'`);
};

let tokens: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({}, { events: { deliver: false } });
  passwordHash = await hashPassword('Secret123');
  await merchantLikeDemo(t, 'other');
  tokens = await signInOperators(t, [{ name: 'otherowner', role: 'owner', merchantCode: 'other' }]);
  await t.services.events.drain();
}, 300_000);

const as = (who: string, method: 'GET' | 'POST', payload?: object, code = 'demo') =>
  t.request({
    method,
    url: `/api/admin/merchants/${code}/report-rebuilds`,
    headers: { authorization: tokens[who] ?? '' },
    ...(payload ? { payload } : {}),
  });

/** The module's own `reports_rebuilds` job, run once as the jobs runner would (its `once` on a transaction). */
const runRebuildJob = async () => {
  const job = reportsModule
    .jobs?.(t.services.reports, { services: t.services } as never)
    .find((definition) => definition.name === 'reports_rebuilds');
  if (!job) throw new Error('no reports_rebuilds job');
  const context: JobContext = {
    name: job.name,
    periodKey: new Date().toISOString(),
    once: async (effect) => ({ ran: true, value: await inTransaction(t.database.pool, effect) }),
  };
  await job.run(context);
};
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

afterAll(async () => {
  await t?.close();
});

describe('rollups backfill', () => {
  it('rebuilds wiped rollups from the raw rows, equal to what the subscribers kept; twice is the same', async () => {
    const ids = await Promise.all(['bfa', 'bfb', 'bfc'].map(newMember));
    const [a, b, c] = ids as [string, string, string];
    await creditDeposit(a, '30.00');
    await creditDeposit(b, '22.50');
    await play(a, 1_000n, 0n);
    await play(a, 500n, 1_500n, 'other');
    await play(b, 2_000n, 100n);
    await play(c, 300n, 0n);
    await t.services.events.drain();
    const live = await dump();
    expect(await rolled()).toEqual(await raw());
    expect(live.hourly).not.toBe('');
    expect(live.active).not.toBe('');
    expect(live.gameDays).not.toBe('');
    expect(live.players).not.toBe('');

    await wipe();
    expect((await dump()).hourly).toBe('');
    expect((await dump()).active).toBe('');
    const progress: string[] = [];
    await backfillRollups(t.database.pool, 'demo', today, today, (day, done, total) => {
      progress.push(`${day} ${done}/${total}`);
    });
    expect(progress).toEqual([`${today} 1/1`]);
    expect(await dump()).toEqual(live);
    await backfillRollups(t.database.pool, 'demo', today, today);
    expect(await dump()).toEqual(live);
    // Nothing delivered twice after it: the events were all delivered before.
    await t.services.events.drain();
    expect(await dump()).toEqual(live);
  }, 120_000);

  it('counts distinct players over local days exactly (whole UTC days and end hours), live and rebuilt', async () => {
    // Decision 0143: three Shanghai days hold whole UTC days (bitmaps per game and day) and hours at either end
    // (ordinal sets per game and hour); members play several times, in two games, over days and ends.
    const [p, q, r] = (await Promise.all(['dpa', 'dpb', 'dpc'].map(newMember))) as [string, string, string];
    const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    await play(p, 100n, 0n, 'dx', ago(1));
    await play(p, 100n, 0n, 'dx', ago(30));
    await play(p, 100n, 0n, 'dy', ago(50));
    await play(q, 100n, 0n, 'dx', ago(30));
    await play(q, 100n, 0n, 'dx', ago(70));
    await play(r, 100n, 0n, 'dy', ago(1));
    await play(r, 100n, 0n, 'dy', ago(100));
    await t.services.events.drain();
    const merchant = await t.services.merchants.resolve({ code: 'demo', host: '' });
    const timeZone = 'Asia/Shanghai';
    const to = localDate(new Date(), timeZone);
    const from = addDays(to, -2);
    const [fromIso, toIso] = [dayStart(from, timeZone), dayStart(addDays(to, 1), timeZone)];
    const recomputed = async (provider?: string) =>
      (
        await t.database.pool.query<{ k: string; n: string }>(
          `SELECT COALESCE(provider, 'all') AS k, count(DISTINCT member_id)::text AS n FROM bet_rounds
            WHERE merchant_code = 'demo' AND status = 'settled' AND settled_at >= $1 AND settled_at < $2
              AND ($3::text IS NULL OR provider = $3) GROUP BY ROLLUP (provider) ORDER BY 1`,
          [fromIso, toIso, provider ?? null],
        )
      ).rows;
    const reported = async () => {
      const out: Record<string, unknown> = {};
      for (const provider of [undefined, 'dx', 'dy']) {
        const table = await t.services.reports.report(merchant, 'games', {
          from,
          to,
          timeZone,
          groupBy: 'provider',
          pageNo: 1,
          pageSize: 100,
          ...(provider ? { provider } : {}),
        } as never);
        const at = (key: string) => table.columns.findIndex((c) => c.key === key);
        out[provider ?? 'all'] = {
          rows: table.rows.map((row) => ({ k: row[at('provider')], n: row[at('players')] })),
          total: table.totals[at('players')],
        };
      }
      const dashboard = await t.services.reports.dashboard(merchant, 'owner', '7d', timeZone);
      out.active = dashboard.figures.find((f) => f.key === 'activePlayers')?.value;
      return out;
    };
    const expected = async () => {
      const all = await recomputed();
      const total = (rows: { k: string; n: string }[]) => rows.find((row) => row.k === 'all')?.n ?? '0';
      const out: Record<string, unknown> = {
        all: { rows: all.filter((row) => row.k !== 'all'), total: total(all) },
      };
      for (const provider of ['dx', 'dy']) {
        const rows = await recomputed(provider);
        out[provider] = { rows: rows.filter((row) => row.k !== 'all'), total: total(rows) };
      }
      const week = await t.database.pool.query<{ n: string }>(
        `SELECT count(DISTINCT member_id)::text AS n FROM bet_rounds WHERE merchant_code = 'demo' AND status = 'settled'
            AND settled_at >= $1 AND settled_at < $2`,
        [dayStart(addDays(to, -6), timeZone), toIso],
      );
      out.active = week.rows[0]?.n;
      return out;
    };
    const want = await expected();
    // The rows' order is the report's (stakes), the recomputation's by name: compared as sets.
    const sorted = (value: Record<string, unknown>) =>
      JSON.stringify(value, (_, v) =>
        Array.isArray(v) ? [...v].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))) : v,
      );
    expect((want.dx as { total: string }).total).toBe('2');
    expect(sorted(await reported())).toBe(sorted(want));

    // Rebuilt from the raw rounds over every UTC day the rounds touch: the same figures.
    await wipe();
    await backfillRollups(t.database.pool, 'demo', ago(101).toISOString().slice(0, 10), today);
    expect(sorted(await reported())).toBe(sorted(want));
  }, 120_000);

  it('keeps players per local day of a kept zone: 30 days, the 30 before and each day equal count(DISTINCT) across local midnights, live, filled and rebuilt', async () => {
    // Decision 0157. São Paulo (UTC-3): its midnights are 03:00 UTC, so every local day takes hours of two UTC days.
    const merchant = await t.services.merchants.resolve({ code: 'demo', host: '' });
    const zone = 'America/Sao_Paulo';
    const kept = async () =>
      (
        await t.database.pool.query<{ time_zone: string }>(
          `SELECT time_zone FROM reports_active_zones WHERE merchant_code = 'demo' ORDER BY added_at, time_zone`,
        )
      ).rows.map((row) => row.time_zone);
    // Read once before the play: the zone is kept from then on, and the rounds below reach its days live.
    await t.services.reports.dashboard(merchant, 'owner', '30d', 'america/sao_paulo');
    expect(await kept()).toContain(zone);
    expect(await kept()).not.toContain('america/sao_paulo');

    const members = (await Promise.all(['lza', 'lzb', 'lzc', 'lzd'].map(newMember))) as string[];
    const to = localDate(new Date(), zone);
    const minutes = (iso: string, n: number) => new Date(Date.parse(iso) + n * 60_000);
    // Either side of local midnights: inside the 30 days, at the 30 days' first midnight, in the 30 before and at
    // the first midnight of those; the same members on several days.
    const plays: [number, number, number][] = [
      [0, 1, -20],
      [0, 1, 20],
      [1, 1, 25],
      [1, 5, -25],
      [2, 5, -25],
      [2, 5, 30],
      [3, 30, -15],
      [0, 30, 15],
      [3, 35, -10],
      [1, 35, 10],
      [2, 60, 10],
      [3, 60, -10],
    ];
    for (const [member, daysBack, offset] of plays) {
      const at = minutes(dayStart(addDays(to, -daysBack + 1), zone), offset);
      if (at.getTime() < Date.now()) await play(members[member] as string, 100n, 0n, 'lz', at);
    }
    await play(members[0] as string, 100n, 0n, 'lz', new Date());
    await t.services.events.drain();

    const distinct = async (fromDay: string, toDay: string, timeZone: string) =>
      (
        await t.database.pool.query<{ n: string }>(
          `SELECT count(DISTINCT member_id)::text AS n FROM bet_rounds WHERE merchant_code = 'demo'
              AND status = 'settled' AND settled_at >= $1 AND settled_at < $2`,
          [dayStart(fromDay, timeZone), dayStart(addDays(toDay, 1), timeZone)],
        )
      ).rows[0]?.n;
    const expected = async (timeZone: string) => {
      const today = localDate(new Date(), timeZone);
      const from = addDays(today, -29);
      const series: { at: string; value: string | undefined }[] = [];
      for (let day = from; day <= today; day = addDays(day, 1))
        series.push({ at: day, value: await distinct(day, day, timeZone) });
      return {
        value: await distinct(from, today, timeZone),
        previous: await distinct(addDays(from, -30), addDays(from, -1), timeZone),
        series,
      };
    };
    const reported = async (timeZone: string) => {
      const figure = (await t.services.reports.dashboard(merchant, 'owner', '30d', timeZone)).figures.find(
        (f) => f.key === 'activePlayers',
      );
      return { value: figure?.value, previous: figure?.previous, series: figure?.series };
    };
    const rows = async (timeZone: string) =>
      Number(
        (
          await t.database.pool.query<{ n: string }>(
            `SELECT count(*)::text AS n FROM reports_active_days WHERE merchant_code = 'demo' AND time_zone = $1`,
            [timeZone],
          )
        ).rows[0]?.n,
      );

    const want = await expected(zone);
    expect(Number(want.value)).toBeGreaterThanOrEqual(3);
    expect(Number(want.previous)).toBeGreaterThanOrEqual(3);
    expect(want.series.filter((day) => day.value !== '0').length).toBeGreaterThanOrEqual(5);
    expect(await rows(zone)).toBeGreaterThan(0);
    expect(await reported(zone)).toEqual(want);

    // A zone first read after the play: its days are filled from the kept hours (Auckland, UTC+12/+13).
    await t.services.reports.dashboard(merchant, 'owner', '30d', 'Pacific/Auckland');
    expect(await rows('Pacific/Auckland')).toBeGreaterThan(0);
    expect(await reported('Pacific/Auckland')).toEqual(await expected('Pacific/Auckland'));

    // Rebuilt from the raw rounds after a wipe of every rollup: the days are recomputed from the rebuilt hours.
    await wipe();
    expect(await rows(zone)).toBe(0);
    await backfillRollups(t.database.pool, 'demo', addDays(to, -62), today);
    expect(await reported(zone)).toEqual(want);
    expect(await reported('Pacific/Auckland')).toEqual(await expected('Pacific/Auckland'));

    // Past the most zones kept, a zone's days are read from its hours: the same figures, nothing kept for it.
    for (const other of ['Europe/London', 'America/New_York', 'Asia/Tokyo']) {
      expect(await reported(other)).toEqual(await expected(other));
    }
    expect((await kept()).length).toBe(ACTIVE_ZONES_MAX);
    expect(await rows('Asia/Tokyo')).toBe(0);
  }, 180_000);

  it('counts registrations and first depositors per local day from hourly counters, live and rebuilt', async () => {
    // Decision 0147: members registered and first deposits made either side of Shanghai midnights (a day ago, in the
    // previous 7-day period), a second deposit that is no first one; the dashboard's figures, previous period and
    // series equal a count over the members and their deposit orders, after delivery and after a wipe and rebuild.
    const timeZone = 'Asia/Shanghai';
    const merchant = await t.services.merchants.resolve({ code: 'demo', host: '' });
    const to = localDate(new Date(), timeZone);
    const midnight = Date.parse(dayStart(to, timeZone));
    const at = (minutes: number) => new Date(midnight + minutes * 60_000);
    const DAY = 24 * 60;
    const registerAt = async (username: string, when: Date) => {
      const id = await newMember(username);
      await t.database.pool.query('UPDATE members SET created_at = $2 WHERE id = $1', [id, when]);
      await t.database.pool.query(
        `UPDATE events SET created_at = $2 WHERE name = 'member.registered' AND payload->>'memberId' = $1`,
        [id, when],
      );
      return id;
    };
    const depositAt = async (memberId: string, amount: string, when: Date) => {
      await creditDeposit(memberId, amount);
      const { rows } = await t.database.pool.query<{ id: string }>(
        `UPDATE deposit_orders SET updated_at = $2 WHERE id = (SELECT id FROM deposit_orders WHERE member_id = $1
            AND status = 'succeeded' ORDER BY created_at DESC LIMIT 1) RETURNING id`,
        [memberId, when],
      );
      await t.database.pool.query(
        `UPDATE events SET created_at = $2 WHERE name = 'deposit.credited' AND payload->>'depositId' = $1`,
        [rows[0]?.id, when],
      );
    };
    const m1 = await registerAt('cnt1', at(-1));
    await depositAt(m1, '21.00', at(1));
    await depositAt(m1, '22.00', at(30));
    const m2 = await registerAt('cnt2', at(-DAY - 5));
    await depositAt(m2, '23.00', at(-DAY + 2));
    await registerAt('cnt3', at(-3 * DAY + 30));
    const m4 = await registerAt('cnt4', at(-8 * DAY + 1));
    await depositAt(m4, '24.00', at(-8 * DAY + 2));
    const m5 = await registerAt('cnt5', at(-7 * DAY - 1));
    await depositAt(m5, '25.00', at(-6 * DAY + 1));
    await t.services.events.drain();

    const counted = async (from: string, toDay: string) =>
      (
        await t.database.pool.query<{ d: string; registrations: string; firsts: string }>(
          `WITH firsts AS (SELECT member_id, min(updated_at) AS at FROM deposit_orders
                            WHERE merchant_code = 'demo' AND status = 'succeeded' AND currency = $4 GROUP BY member_id),
                days AS (SELECT to_char(created_at AT TIME ZONE $3, 'YYYY-MM-DD') AS d, 1 AS r, 0 AS f FROM members
                          WHERE merchant_code = 'demo' AND created_at >= $1 AND created_at < $2
                         UNION ALL
                         SELECT to_char(at AT TIME ZONE $3, 'YYYY-MM-DD'), 0, 1 FROM firsts WHERE at >= $1 AND at < $2)
           SELECT d, sum(r)::text AS registrations, sum(f)::text AS firsts FROM days GROUP BY d`,
          [dayStart(from, timeZone), dayStart(addDays(toDay, 1), timeZone), timeZone, merchant.settings.currency],
        )
      ).rows;
    const expected = async () => {
      const current = await counted(addDays(to, -6), to);
      const previous = await counted(addDays(to, -13), addDays(to, -7));
      const sum = (rows: typeof current, key: 'registrations' | 'firsts') =>
        String(rows.reduce((n, row) => n + Number(row[key]), 0));
      const series = (key: 'registrations' | 'firsts') =>
        Array.from({ length: 7 }, (_, i) => addDays(to, i - 6)).map((d) => ({
          at: d,
          value: current.find((row) => row.d === d)?.[key] ?? '0',
        }));
      return {
        registrations: { value: sum(current, 'registrations'), previous: sum(previous, 'registrations') },
        registrationSeries: series('registrations'),
        firstDepositors: { value: sum(current, 'firsts'), previous: sum(previous, 'firsts') },
        firstDepositorSeries: series('firsts'),
      };
    };
    const reported = async () => {
      const dashboard = await t.services.reports.dashboard(merchant, 'owner', '7d', timeZone);
      const figure = (key: string) => dashboard.figures.find((f) => f.key === key);
      const registrations = figure('registrations');
      const firsts = figure('firstDepositors');
      return {
        registrations: { value: registrations?.value, previous: registrations?.previous },
        registrationSeries: registrations?.series,
        firstDepositors: { value: firsts?.value, previous: firsts?.previous },
        firstDepositorSeries: firsts?.series,
      };
    };
    const want = await expected();
    // The days either side of each midnight hold what the test put there: the counts are not trivially equal.
    const on = (series: { at: string; value: string }[], day: string) => series.find((p) => p.at === day)?.value;
    expect(Number(on(want.registrationSeries, addDays(to, -1)))).toBeGreaterThanOrEqual(1);
    expect(Number(on(want.firstDepositorSeries, addDays(to, -1)))).toBeGreaterThanOrEqual(1);
    expect(Number(on(want.firstDepositorSeries, addDays(to, -6)))).toBeGreaterThanOrEqual(1);
    expect(Number(on(want.firstDepositorSeries, to))).toBeGreaterThanOrEqual(1);
    expect(Number(want.firstDepositors.previous)).toBeGreaterThanOrEqual(1);
    expect(await reported()).toEqual(want);

    // Rebuilt from the raw rows over every UTC day the facts touch, after a wipe: the same figures. Then one day
    // rebuilt again (its counters recounted, the others kept): still the same.
    await wipe();
    expect((await reported()).registrations.value).toBe('0');
    const first = new Date(midnight - 9 * DAY * 60_000).toISOString().slice(0, 10);
    await backfillRollups(t.database.pool, 'demo', first, today);
    expect(await reported()).toEqual(want);
    await backfillRollups(
      t.database.pool,
      'demo',
      at(-DAY).toISOString().slice(0, 10),
      at(-DAY).toISOString().slice(0, 10),
    );
    expect(await reported()).toEqual(want);
  }, 120_000);

  it('counts each fact once when events are delivered while it runs', async () => {
    for (let round = 0; round < 3; round++) {
      // New facts whose events are not delivered yet, then the backfill and the delivery racing each other.
      const fresh = await newMember(`bfrace${round}`);
      await creditDeposit(fresh, '27.00');
      for (let i = 0; i < 5; i++) await play(fresh, BigInt(100 + i), BigInt(i * 50));
      await Promise.all([
        backfillRollups(t.database.pool, 'demo', today, today),
        t.services.events.drain(),
        backfillRollups(t.database.pool, 'demo', today, today),
      ]);
      await t.services.events.drain();
      expect(await rolled()).toEqual(await raw());
      const kept = await dump();
      await backfillRollups(t.database.pool, 'demo', today, today);
      expect(await dump()).toEqual(kept);
    }
    // And a backfill before any delivery: the pending events are left to their delivery.
    const late = await newMember('bflate');
    await creditDeposit(late, '23.00');
    await play(late, 900n, 0n);
    await backfillRollups(t.database.pool, 'demo', today, today);
    await t.services.events.drain();
    expect(await rolled()).toEqual(await raw());
    const kept = await dump();
    await wipe();
    await backfillRollups(t.database.pool, 'demo', today, today);
    expect(await dump()).toEqual(kept);
  }, 120_000);
});

/** The demo merchant's lifetime rows per member and game, as text in a stable order. */
const memberGames = async () =>
  (
    await t.database.pool.query<{ r: string }>(
      `SELECT concat_ws('|', member_id, currency, category, source, provider, rounds, stakes, valid_bets, payouts,
                        last_at) AS r
         FROM reports_member_games WHERE merchant_code = 'demo' ORDER BY 1`,
    )
  ).rows.map((row) => row.r);

/** The same rows recomputed from every settled round of the demo merchant (decision 0135). */
const memberGamesFromRaw = async () =>
  (
    await t.database.pool.query<{ r: string }>(
      `SELECT concat_ws('|', member_id, currency, game_type, source, provider, count(*), sum(bet_amount),
                        sum(valid_bet), sum(payout), max(settled_at)) AS r
         FROM bet_rounds WHERE merchant_code = 'demo' AND status = 'settled'
        GROUP BY member_id, currency, game_type, source, provider ORDER BY 1`,
    )
  ).rows.map((row) => row.r);

describe('members lifetime play per game (decision 0135)', () => {
  it('a rebuild of a day rewrites the corrupted rows of its players equal to a recomputation; twice the same', async () => {
    const [a, b] = (await Promise.all(['mga', 'mgb'].map(newMember))) as [string, string];
    // Play before the rebuilt day (lifetime rows count it) and in it.
    await play(a, 400n, 0n);
    await play(a, 250n, 900n, 'other');
    await play(b, 1_200n, 300n);
    await t.database.pool.query(
      `UPDATE bet_rounds SET settled_at = settled_at - interval '3 days', placed_at = placed_at - interval '3 days'
        WHERE member_id = $1 AND provider = 'other'`,
      [a],
    );
    await t.services.events.drain();
    await play(a, 600n, 100n);
    await play(b, 50n, 0n, 'other');
    await t.services.events.drain();

    // Corrupt them: a figure wrong, a row lost, a row of a game never played.
    await t.database.pool.query(
      "UPDATE reports_member_games SET stakes = stakes + 999, rounds = rounds + 7 WHERE member_id = $1 AND provider = 'test'",
      [a],
    );
    await t.database.pool.query("DELETE FROM reports_member_games WHERE member_id = $1 AND provider = 'other'", [b]);
    await t.database.pool.query(
      `INSERT INTO reports_member_games
         (merchant_code, member_id, currency, category, source, provider, rounds, stakes, valid_bets, payouts, last_at)
       VALUES ('demo', $1, 'USD', 'SLOT', 'test', 'ghost', 3, 300, 300, 0, now())`,
      [b],
    );
    expect(await memberGames()).not.toEqual(await memberGamesFromRaw());

    const batches: string[] = [];
    const result = await backfillRollups(t.database.pool, 'demo', today, today, undefined, (done, total) => {
      batches.push(`${done}/${total}`);
    });
    expect(result.members).toBeGreaterThanOrEqual(2);
    expect(batches.at(-1)).toBe(`${result.members}/${result.members}`);
    expect(await memberGames()).toEqual(await memberGamesFromRaw());
    // A's game played 3 days ago is in its lifetime row, though the rebuild covered today only.
    const other = (await memberGames()).find((row) => row.startsWith(`${a}|USD|ELOTTO|test|other|1|250|`));
    expect(other).toBeDefined();
    const kept = await memberGames();
    await backfillRollups(t.database.pool, 'demo', today, today);
    expect(await memberGames()).toEqual(kept);
    await t.services.events.drain();
    expect(await memberGames()).toEqual(kept);
  }, 120_000);

  it('stays exact while rounds are played and delivered during the rebuild', async () => {
    const players = await Promise.all(['mgr1', 'mgr2', 'mgr3'].map(newMember));
    for (const member of players) await play(member, 100n, 0n);
    await t.services.events.drain();
    // Corrupt every row, then rebuild while the same members (and a new one) keep playing and the events flow.
    await t.database.pool.query('UPDATE reports_member_games SET stakes = 0, rounds = 0 WHERE member_id = ANY($1)', [
      players,
    ]);
    const late = await newMember('mgr4');
    let playing = true;
    const plays = (async () => {
      let i = 0;
      while (playing) {
        for (const member of [...players, late]) await play(member, BigInt(10 + (i % 7)), BigInt((i % 3) * 20));
        i += 1;
      }
      return i;
    })();
    const delivering = (async () => {
      while (playing) await t.services.events.drain();
    })();
    for (let run = 0; run < 3; run++) await backfillRollups(t.database.pool, 'demo', today, today);
    playing = false;
    const loops = await plays;
    await delivering;
    expect(loops).toBeGreaterThan(0);
    await t.services.events.drain();
    expect(await memberGames()).toEqual(await memberGamesFromRaw());
    // And one racing only the delivery of rounds not yet delivered.
    for (const member of players) await play(member, 77n, 7n, 'other');
    await Promise.all([backfillRollups(t.database.pool, 'demo', today, today), t.services.events.drain()]);
    await t.services.events.drain();
    expect(await memberGames()).toEqual(await memberGamesFromRaw());
  }, 180_000);
});

describe('rebuild from the back office (decision 0129)', () => {
  it('refuses bad input per field and writes nothing; only owner and finance of the merchant may start one', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const cases: [object, { path: string; code: string }[]][] = [
      [{ from: today, to: daysAgo(1) }, [{ path: 'to', code: 'range_reversed' }]],
      [{ from: daysAgo(92), to: today }, [{ path: 'to', code: 'field_too_large' }]],
      [
        { from: tomorrow, to: tomorrow },
        [
          { path: 'from', code: 'date_in_future' },
          { path: 'to', code: 'date_in_future' },
        ],
      ],
      [{ from: today, to: tomorrow }, [{ path: 'to', code: 'date_in_future' }]],
      [{ from: '2026-02-30', to: today }, [{ path: 'from', code: 'field_invalid' }]],
    ];
    for (const [payload, fieldErrors] of cases) {
      const body = (await as('owner', 'POST', payload)).json();
      expect(body, JSON.stringify(payload)).toMatchObject({ success: false, errorCode: 'validation_failed' });
      expect(body.fieldErrors.map((e: { path: string; code: string }) => ({ path: e.path, code: e.code }))).toEqual(
        fieldErrors,
      );
    }
    for (const who of ['risk', 'support', 'content'])
      expect((await as(who, 'POST', { from: today, to: today })).json().errorCode).toBe('forbidden');
    expect((await as('otherowner', 'POST', { from: today, to: today })).json().errorCode).toBe('not_found');
    expect((await as('otherowner', 'GET')).json().errorCode).toBe('not_found');
    const { rows } = await t.database.pool.query('SELECT count(*)::int AS n FROM reports_rebuilds');
    expect(rows[0].n).toBe(0);
    const audited = await t.database.pool.query("SELECT 1 FROM audit_log WHERE action = 'report.rebuild'");
    expect(audited.rowCount).toBe(0);
  });

  it('queues a rebuild without running it, refuses a second, and the job rebuilds the rollups with counts', async () => {
    const m = await newMember('bfjob');
    await creditDeposit(m, '41.00');
    await play(m, 700n, 100n);
    await t.services.events.drain();
    const live = await dump();
    await wipe();

    const started = (await as('finance', 'POST', { from: daysAgo(91), to: today })).json();
    expect(started).toMatchObject({
      success: true,
      value: { status: 'queued', from: daysAgo(91), to: today, daysTotal: 92, daysDone: 0, counts: null },
    });
    expect(started.value.requestedBy).toBe('financeop');
    // Queued only: the request ran nothing.
    expect((await dump()).hourly).toBe('');
    const second = await as('owner', 'POST', { from: today, to: today });
    expect(second.statusCode).toBe(409);
    expect(second.json().errorCode).toBe('report_rebuild_running');
    // Two at once: one queued at most.
    await Promise.all([
      as('owner', 'POST', { from: today, to: today }),
      as('owner', 'POST', { from: today, to: today }),
    ]);
    const { rows } = await t.database.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM reports_rebuilds WHERE status IN ('queued', 'running')",
    );
    expect(rows[0]?.n).toBe(1);

    await runRebuildJob();
    const list = (await as('owner', 'GET')).json().value.list;
    expect(list).toHaveLength(1);
    const raw = await t.database.pool.query<Record<string, number>>(
      `SELECT (SELECT count(*) FROM bet_rounds WHERE merchant_code = 'demo' AND status = 'settled'
                AND settled_at >= $1::date)::int AS rounds,
              (SELECT count(*) FROM deposit_orders WHERE merchant_code = 'demo' AND status = 'succeeded'
                AND updated_at >= $1::date)::int AS deposits,
              (SELECT count(*) FROM members WHERE merchant_code = 'demo' AND created_at >= $1::date)::int AS registrations`,
      [daysAgo(91)],
    );
    expect(list[0]).toMatchObject({
      id: started.value.id,
      status: 'done',
      daysDone: 92,
      daysTotal: 92,
      counts: {
        rounds: raw.rows[0]?.rounds,
        deposits: raw.rows[0]?.deposits,
        registrations: raw.rows[0]?.registrations,
      },
    });
    expect(list[0].counts.rounds).toBeGreaterThan(0);
    expect(list[0].finishedAt).not.toBeNull();
    expect(await dump()).toEqual(live);
    // Nothing left to run; a new one may be queued once it is done.
    await runRebuildJob();
    expect((await as('owner', 'POST', { from: today, to: today })).json().value.status).toBe('queued');
    await runRebuildJob();
    expect((await as('owner', 'GET')).json().value.list.map((r: { status: string }) => r.status)).toEqual([
      'done',
      'done',
    ]);
    const audited = await t.database.pool.query<{ operator_username: string; target: string }>(
      "SELECT operator_username, target FROM audit_log WHERE action = 'report.rebuild' ORDER BY id",
    );
    expect(audited.rows.map((r) => r.operator_username)).toEqual(['financeop', 'owner']);
    expect(audited.rows[0]?.target).toBe(started.value.id);
  }, 120_000);

  it('a running rebuild whose process died is taken again; a failed one says so and frees the merchant', async () => {
    const queued = (await as('owner', 'POST', { from: today, to: today })).json().value;
    await inTransaction(t.database.pool, (client) => t.services.reports.claimRebuild(client));
    expect((await as('owner', 'GET')).json().value.list[0]).toMatchObject({ id: queued.id, status: 'running' });
    expect((await as('owner', 'POST', { from: today, to: today })).json().errorCode).toBe('report_rebuild_running');
    // Its beat stopped 11 minutes ago: the next run queues it again and runs it.
    await t.database.pool.query("UPDATE reports_rebuilds SET beat_at = now() - interval '11 minutes' WHERE id = $1", [
      queued.id,
    ]);
    await runRebuildJob();
    expect((await as('owner', 'GET')).json().value.list[0]).toMatchObject({ id: queued.id, status: 'done' });

    // A rebuild that fails (here PostgreSQL refuses its range) is failed, with no counts and no error text.
    const failing = (await as('owner', 'POST', { from: today, to: today })).json().value;
    const row = await inTransaction(t.database.pool, (client) => t.services.reports.claimRebuild(client));
    if (!row) throw new Error('nothing claimed');
    await t.services.reports.runRebuild({ ...row, from: 'not-a-day' });
    const failed = (await as('owner', 'GET')).json().value.list[0];
    expect(failed).toMatchObject({ id: failing.id, status: 'failed', counts: null });
    expect(JSON.stringify(failed)).not.toContain('not-a-day');
    expect((await as('owner', 'POST', { from: today, to: today })).json().value.status).toBe('queued');
    await runRebuildJob();
  }, 120_000);
});
