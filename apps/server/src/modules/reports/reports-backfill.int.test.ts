import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditDeposit as creditDepositOf } from '../../../test/credit-deposit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { hashPassword } from '../../platform/security/password';
import { backfillRollups } from './reports.backfill';

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

const play = async (memberId: string, stake: bigint, payout: bigint, provider = 'test') => {
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
    settledAt: new Date(),
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
    players: await q(`SELECT (h.*)::text AS r FROM reports_game_players h WHERE ${since} ORDER BY 1`),
    rewards: await q(`SELECT (h.*)::text AS r FROM reports_reward_hourly h WHERE ${since} ORDER BY 1`),
    hours: await q(`SELECT (h.*)::text AS r FROM reports_player_hours h WHERE ${since} ORDER BY 1`),
    members: await q(
      `SELECT (m.*)::text AS r FROM reports_members m WHERE merchant_code = 'demo' AND registered_at >= '${today}' ORDER BY 1`,
    ),
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
    'reports_reward_hourly',
    'reports_player_hours',
  ])
    await t.database.pool.query(`DELETE FROM ${table} WHERE merchant_code = 'demo'`);
  await t.database.pool.query(`DELETE FROM reports_members WHERE merchant_code = 'demo'`);
};

beforeAll(async () => {
  t = await createTestApp({}, { events: { deliver: false } });
  passwordHash = await hashPassword('Secret123');
  await t.services.events.drain();
}, 300_000);

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

    await wipe();
    expect((await dump()).hourly).toBe('');
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
