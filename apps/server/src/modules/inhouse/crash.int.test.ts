import { randomUUID } from 'node:crypto';
import type { CrashState, InhouseRound, RealtimeServerMessage } from '@tessera/contracts';
import {
  CRASH_GROWTH_PER_MS,
  crashElapsedAt,
  crashPoint,
  hashServerSeed,
  playSeededBet,
  verifyGameHash,
} from '@tessera/engines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeReconciled } from '../../../test/close-reconciled';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { RealtimeConnection } from '../../platform/realtime';
import { createCrashGame, DEFAULT_CRASH_TIMING, type InhouseEvent, LostLeadershipError } from '.';
import { createInhouseRepository } from './inhouse.repository';

/** Short chains, so that playing on opens (and publishes) a new chain during the suite. */
const CHAIN_LENGTH = 12;

let t: TestApp;
let client: ReturnType<typeof memberClient>;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const pushed: Extract<RealtimeServerMessage, { op: 'event' }>[] = [];
const settledEvents: InhouseEvent[] = [];
const key = () => `crash-${randomUUID()}`;

interface RoundRow {
  id: string;
  status: 'betting' | 'running' | 'crashed';
  crash_point: number;
  game_number: number;
  game_hash: string;
  chain_id: string;
}

const loop = () => t.services.crash.loop;
const query = async <T>(sql: string, values: unknown[] = []) => (await t.database.pool.query(sql, values)).rows as T[];
const latest = async (): Promise<RoundRow | undefined> =>
  (
    await query<RoundRow>(
      `SELECT id::text, status, crash_point, game_number, game_hash, chain_id::text FROM crash_rounds
       WHERE merchant_code = 'demo' ORDER BY crash_rounds.id DESC LIMIT 1`,
    )
  )[0];

// Time moves by rewriting the round's timestamps on the database clock (the clock every decision is taken on).
const closeBetting = (id: string) =>
  query(`UPDATE crash_rounds SET betting_ends_at = clock_timestamp() - interval '1 ms' WHERE id = $1`, [id]);
const runFor = (id: string, ms: number) =>
  query(
    `UPDATE crash_rounds SET started_at = clock_timestamp() - make_interval(secs => $2::float8 / 1000) WHERE id = $1`,
    [id, ms],
  );
const endPause = (id: string) =>
  query(`UPDATE crash_rounds SET ended_at = ended_at - interval '1 hour' WHERE id = $1`, [id]);

const step = async () => {
  await loop().stepOnce('demo');
  return latest();
};

/** Plays the current round to its end (no bets needed) and lets the pause pass. */
const finishCurrent = async () => {
  let round = await latest();
  if (round?.status === 'betting') {
    await closeBetting(round.id);
    round = await step();
  }
  if (round?.status === 'running') {
    await runFor(round.id, crashElapsedAt(round.crash_point) + 1);
    round = await step();
  }
  if (round?.status === 'crashed') await endPause(round.id);
};

/** A fresh round in its betting window. */
const openRound = async (): Promise<RoundRow> => {
  await finishCurrent();
  const round = await step();
  if (round?.status !== 'betting') throw new Error(`expected a betting round, got ${round?.status}`);
  return round;
};

/** A fresh betting round whose (still secret) crash point is at least `point` hundredths. */
const roundReaching = async (point: number): Promise<RoundRow> => {
  for (let i = 0; i < 60; i += 1) {
    const round = await openRound();
    if (round.crash_point >= point) return round;
  }
  throw new Error(`no round reached ${point} in 60 rounds`);
};

const startRound = async (round: RoundRow) => {
  await closeBetting(round.id);
  const started = await step();
  expect(started?.status).toBe('running');
};

const crashIt = async (round: RoundRow) => {
  await runFor(round.id, crashElapsedAt(round.crash_point) + 1);
  const crashed = await step();
  expect(crashed).toMatchObject({ id: round.id, status: 'crashed' });
};

const api = (method: 'GET' | 'POST', url: string, as: string | null, payload?: unknown) =>
  client.send({
    method,
    url,
    moduleId: 'COMM3',
    ...(as ? { token: tokens[as] } : {}),
    ...(payload ? { payload: payload as object } : {}),
  });
const bet = (as: string, stake: string, autoCashOut: number | null = null, idempotencyKey = key()) =>
  api('POST', '/wps/inhouse/crash/bets', as, { stake, autoCashOut, idempotencyKey });
const cashOut = (as: string, id: string, body: object = {}) =>
  api('POST', `/wps/inhouse/crash/bets/${id}/cashout`, as, body);
const state = async (as: string | null = null) =>
  (await api('GET', '/wps/inhouse/crash', as)).json().value as CrashState;
const balance = async (name: string) =>
  (
    await t.services.ledger.balance({
      merchantCode: 'demo',
      currency: 'USD',
      account: { member: ids[name] ?? '', wallet: 'main' },
    })
  ).balance;
const count = async (sql: string, values: unknown[] = []) => (await query<{ n: number }>(sql, values))[0]?.n ?? 0;
const ledgerRows = () => count('SELECT count(*)::int AS n FROM ledger_transactions');

beforeAll(async () => {
  t = await createTestApp({}, { crash: { chainLength: CHAIN_LENGTH } });
  client = memberClient(t);
  for (const name of ['ann', 'ben', 'cat', 'dan', 'eve', 'fay', 'gus', 'ivy']) {
    const member = await fundedMember(t, client, name, 100_000n);
    tokens[name] = member.token;
    ids[name] = member.memberId;
  }
  const listener: RealtimeConnection = {
    merchantCode: 'demo',
    memberId: null,
    topics: new Set(),
    send: (message) => {
      if (message.op === 'event') pushed.push(message);
    },
  };
  t.services.realtime.attach(listener);
  expect(await t.services.realtime.subscribe(listener, 'crash')).toBeNull();
  t.services.inhouseEvents.subscribe((event) => {
    settledEvents.push(event);
  });
  expect(await loop().tryLead()).toBe(true);
});

afterAll(async () => {
  await closeReconciled(t);
});

describe('the round loop', () => {
  it("publishes the chain's terminal hash before game 1 and reveals each game's hash when it crashes", async () => {
    const first = await openRound();
    expect(first.game_number).toBe(1);
    const [chain] = await query<{ terminal_hash: string; salt: string; created_at: Date; opened: Date }>(
      `SELECT c.terminal_hash, c.salt, c.created_at, r.betting_ends_at AS opened FROM crash_chains c
       JOIN crash_rounds r ON r.chain_id = c.id WHERE r.id = $1`,
      [first.id],
    );
    const seen = await state();
    expect(seen.chain).toMatchObject({ terminalHash: chain?.terminal_hash, salt: chain?.salt, length: CHAIN_LENGTH });
    expect(seen.round).toMatchObject({
      id: first.id,
      status: 'betting',
      gameNumber: 1,
      crashPoint: null,
      gameHash: null,
    });
    expect(JSON.stringify(seen)).not.toContain(first.game_hash);

    await startRound(first);
    const running = await state();
    expect(running.round).toMatchObject({ status: 'running', crashPoint: null, gameHash: null });
    expect(running.growth.ratePerMs).toBe(CRASH_GROWTH_PER_MS);
    expect(JSON.stringify(running)).not.toContain(first.game_hash);

    await crashIt(first);
    const ended = await state();
    expect(ended.round).toMatchObject({ status: 'crashed', crashPoint: first.crash_point, gameHash: first.game_hash });
    expect(ended.history[0]).toMatchObject({ gameNumber: 1, gameHash: first.game_hash, crashPoint: first.crash_point });
    expect(verifyGameHash(first.game_hash, 1, chain?.terminal_hash ?? '')).toBe(true);
    expect(crashPoint(first.game_hash, chain?.salt ?? '')).toBe(first.crash_point);
    // The crash is dated at the moment the curve reached the point, not when the loop noticed.
    const [dates] = await query<{ ms: number }>(
      `SELECT (extract(epoch FROM ended_at - started_at) * 1000)::float8 AS ms FROM crash_rounds WHERE id = $1`,
      [first.id],
    );
    expect(Math.abs((dates?.ms ?? 0) - crashElapsedAt(first.crash_point))).toBeLessThan(1);
  });

  it('pushes each phase with its start and growth, and the crash with its point and hash, never a tick', async () => {
    const from = pushed.length;
    const round = await openRound();
    await startRound(round);
    await crashIt(round);
    const data = pushed
      .slice(from)
      .filter((e) => e.type === 'crash.round')
      .map((e) => e.data as { round: Record<string, unknown>; growth: { ratePerMs: number } })
      .filter((d) => d.round.id === round.id);
    expect(data.map((d) => d.round.status)).toEqual(['betting', 'running', 'crashed']);
    expect(data[0]?.round).toMatchObject({ id: round.id, startedAt: null, crashPoint: null, gameHash: null });
    expect(data[1]?.round.startedAt).toEqual(expect.any(String));
    expect(data[1]?.round).toMatchObject({ crashPoint: null, gameHash: null });
    expect(data[1]?.growth).toEqual({ ratePerMs: CRASH_GROWTH_PER_MS });
    expect(data[2]?.round).toMatchObject({ crashPoint: round.crash_point, gameHash: round.game_hash });
    expect(pushed.slice(from).every((e) => e.topic === 'crash')).toBe(true);
  });

  it('opens and publishes a new chain when one runs out', async () => {
    let round = await openRound();
    const chainId = round.chain_id;
    while (round.chain_id === chainId) round = await openRound();
    expect(round.game_number).toBe(1);
    const [chains] = await query<{ played: number; created: Date; opened: Date }>(
      `SELECT (SELECT count(*)::int FROM crash_rounds WHERE chain_id = $1) AS played,
         (SELECT created_at FROM crash_chains WHERE id = $2) AS created,
         (SELECT betting_ends_at FROM crash_rounds WHERE id = $3) AS opened`,
      [chainId, round.chain_id, round.id],
    );
    expect(chains?.played).toBe(CHAIN_LENGTH);
    expect((await state()).chain?.id).toBe(round.chain_id);
  });
});

describe('bets', () => {
  it('takes a bet in the betting window: one debit, the bet in the players list and in the member’s state', async () => {
    await openRound();
    const before = await balance('ann');
    const response = await bet('ann', '2.00', 300);
    expect(response.statusCode, response.body).toBe(200);
    const placed = response.json().value as InhouseRound;
    expect(placed).toMatchObject({
      game: 'crash',
      status: 'open',
      stake: '2.00',
      payout: '0.00',
      params: { autoCashOut: 300, maxCashOut: 5_000_000 },
      outcome: null,
      serverSeed: null,
      balanceBefore: (Number(before) / 100).toFixed(2),
      balanceAfter: null,
    });
    expect(await balance('ann')).toBe(before - 200n);
    const seen = await state('ann');
    expect(seen.myBet?.id).toBe(placed.id);
    expect(seen.bets).toEqual([
      {
        id: placed.id,
        player: 'an***n',
        currency: 'USD',
        stake: '2.00',
        status: 'open',
        cashedOutAt: null,
        payout: '0.00',
      },
    ]);
    expect((await state('ben')).myBet).toBeNull();
    expect((await state()).myBet).toBeNull();
    const pushedBet = pushed.at(-1);
    expect(pushedBet).toMatchObject({ type: 'crash.bet', data: { bet: { id: placed.id, status: 'open' } } });
    expect(JSON.stringify(pushedBet)).not.toContain(ids.ann);
    const recorded = await query<{ bet_amount: bigint; status: string }>(
      `SELECT bet_amount, status FROM bet_rounds WHERE source = 'inhouse' AND round_ref = $1`,
      [placed.id],
    );
    expect(recorded).toEqual([{ bet_amount: 200n, status: 'open' }]);
  });

  it('refuses bets outside the betting window, changing nothing', async () => {
    const round = await openRound();
    const rows = await ledgerRows();
    await closeBetting(round.id);
    expect((await bet('ben', '1.00')).json().errorCode).toBe('crash_betting_closed');
    await step();
    expect((await bet('ben', '1.00')).json().errorCode).toBe('crash_betting_closed');
    await crashIt(round);
    const refused = await bet('ben', '1.00');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('crash_betting_closed');
    expect(await ledgerRows()).toBe(rows);
    expect(await count(`SELECT count(*)::int AS n FROM inhouse_rounds WHERE crash_round_id = $1`, [round.id])).toBe(0);
  });

  it('refuses bad stakes, targets and payouts above the maximum with field errors', async () => {
    await openRound();
    const rows = await ledgerRows();
    const cases: [string, number | null, string, string][] = [
      ['0.01', null, 'stake', 'amount_below_minimum'],
      ['5000', null, 'stake', 'amount_above_maximum'],
      ['1.001', null, 'stake', 'amount_too_precise'],
      ['1.00', 100, 'autoCashOut', 'field_too_small'],
      ['1000', 100_000_000, 'autoCashOut', 'inhouse_payout_above_maximum'],
    ];
    for (const [stake, target, path, code] of cases) {
      const response = await bet('ben', stake, target);
      expect(response.statusCode, `${stake} ${target}`).toBe(400);
      expect(response.json().fieldErrors[0], `${stake} ${target}`).toMatchObject({ path, code });
    }
    expect(await ledgerRows()).toBe(rows);
    // The maximum payout sets an automatic cash-out of its own: 100,000.00 on a 1,000.00 stake is 100.00×.
    const capped = (await bet('ivy', '1000', null)).json().value as InhouseRound;
    expect(capped.params).toEqual({ autoCashOut: null, maxCashOut: 10_000 });
  });

  it('answers a replayed key with the first bet, refuses the key for another bet and a second bet in a round', async () => {
    const round = await openRound();
    const idempotencyKey = key();
    const first = (await bet('cat', '1.00', 200, idempotencyKey)).json().value;
    const balanceAfter = await balance('cat');
    expect((await bet('cat', '1.00', 200, idempotencyKey)).json().value).toEqual(first);
    const conflict = await bet('cat', '1.50', 200, idempotencyKey);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().errorCode).toBe('idempotency_conflict');
    const second = await bet('cat', '1.00', 200);
    expect(second.json().errorCode).toBe('crash_bet_exists');
    expect(await balance('cat')).toBe(balanceAfter);
    // The replay still answers after the window closed.
    await closeBetting(round.id);
    expect((await bet('cat', '1.00', 200, idempotencyKey)).json().value.id).toBe(first.id);
  });
});

describe('cash-out and settlement', () => {
  it('pays stake × the multiplier of the server clock on a manual cash-out before the crash', async () => {
    const round = await roundReaching(300);
    const placed = (await bet('dan', '3.00')).json().value as InhouseRound;
    expect((await cashOut('dan', placed.id)).json().errorCode).toBe('crash_no_open_bet');
    await startRound(round);
    const before = await balance('dan');
    // A multiplier sent by the browser is not part of the request.
    const forged = await cashOut('dan', placed.id, { multiplier: 100_000 });
    expect(forged.json().errorCode).toBe('validation_failed');
    expect((await cashOut('ann', placed.id)).json().errorCode).toBe('not_found');
    await runFor(round.id, crashElapsedAt(200));
    const response = await cashOut('dan', placed.id);
    expect(response.statusCode, response.body).toBe(200);
    const cashed = response.json().value as InhouseRound;
    const at = (cashed.outcome as { cashedOutAt: number }).cashedOutAt;
    expect(at).toBeGreaterThanOrEqual(200);
    expect(at).toBeLessThan(203);
    // The crash point stays secret from a member who left early.
    expect(cashed).toMatchObject({ status: 'settled', outcome: { crashPoint: null }, serverSeed: null });
    const payout = (300n * BigInt(at)) / 100n;
    expect(cashed.payout).toBe((Number(payout) / 100).toFixed(2));
    expect(cashed.balanceAfter).toBe((Number(before + payout) / 100).toFixed(2));
    expect(await balance('dan')).toBe(before + payout);
    expect((await cashOut('dan', placed.id)).json().errorCode).toBe('crash_no_open_bet');
    expect((await state()).bets.find((b) => b.id === placed.id)).toMatchObject({ status: 'won', cashedOutAt: at });

    await crashIt(round);
    const recall = (await api('GET', '/wps/inhouse/rounds?game=crash', 'dan')).json().value as InhouseRound[];
    expect(recall[0]).toMatchObject({
      id: placed.id,
      outcome: { crashPoint: round.crash_point, cashedOutAt: at },
      serverSeed: round.game_hash,
      nonce: round.game_number,
    });
    expect(await balance('dan')).toBe(before + payout);
    const recorded = await query<{ bet_amount: bigint; payout: bigint; status: string }>(
      `SELECT bet_amount, payout, status FROM bet_rounds WHERE source = 'inhouse' AND round_ref = $1`,
      [placed.id],
    );
    expect(recorded).toEqual([{ bet_amount: 300n, payout, status: 'settled' }]);
    // Settled crash bets reach the settled-round hook (winners board, points, missions) like the other games.
    expect(settledEvents.find((e) => e.roundId === placed.id)).toMatchObject({ game: 'crash', stake: 300n, payout });
  });

  it('loses the stake of a bet not cashed out, and refuses a cash-out that comes after the crash', async () => {
    const round = await openRound();
    const placed = (await bet('eve', '1.50')).json().value as InhouseRound;
    const afterBet = await balance('eve');
    await startRound(round);
    await runFor(round.id, crashElapsedAt(round.crash_point));
    const late = await cashOut('eve', placed.id);
    expect(late.json().errorCode).toBe('crash_no_open_bet');
    expect(await balance('eve')).toBe(afterBet);
    await step();
    const [row] = await query<{ status: string; payout: bigint; balance_after: bigint }>(
      'SELECT status, payout, balance_after FROM inhouse_rounds WHERE id = $1',
      [placed.id],
    );
    expect(row).toEqual({ status: 'settled', payout: 0n, balance_after: afterBet });
    expect(await balance('eve')).toBe(afterBet);
    const recorded = await query<{ payout: bigint; status: string }>(
      `SELECT payout, status FROM bet_rounds WHERE source = 'inhouse' AND round_ref = $1`,
      [placed.id],
    );
    expect(recorded).toEqual([{ payout: 0n, status: 'settled' }]);
  });

  it('pays automatic cash-outs at their target when the curve passes it; a target above the point loses', async () => {
    const round = await roundReaching(250);
    const early = (await bet('fay', '2.00', 150)).json().value as InhouseRound;
    const exact = (await bet('gus', '1.00', round.crash_point)).json().value as InhouseRound;
    const beyond = (await bet('eve', '1.00', round.crash_point + 1)).json().value as InhouseRound;
    const fay = await balance('fay');
    await startRound(round);
    await runFor(round.id, crashElapsedAt(150) + 1);
    await step();
    const paid = await query<{ id: string; status: string; payout: bigint }>(
      'SELECT id, status, payout FROM inhouse_rounds WHERE crash_round_id = $1 ORDER BY id',
      [round.id],
    );
    expect(paid.find((r) => r.id === early.id)).toMatchObject({ status: 'settled', payout: 300n });
    expect(await balance('fay')).toBe(fay + 300n);
    expect(
      paid
        .filter((r) => r.status === 'open')
        .map((r) => r.id)
        .sort(),
    ).toEqual([exact.id, beyond.id].sort());
    expect(pushed.at(-1)).toMatchObject({ type: 'crash.bet', data: { bet: { id: early.id, cashedOutAt: 150 } } });

    await crashIt(round);
    const settled = await query<{ id: string; status: string; payout: bigint; outcome: unknown }>(
      'SELECT id, status, payout, outcome FROM inhouse_rounds WHERE crash_round_id = $1',
      [round.id],
    );
    expect(settled.find((r) => r.id === exact.id)).toMatchObject({
      status: 'settled',
      payout: BigInt(round.crash_point),
      outcome: { cashedOutAt: round.crash_point },
    });
    expect(settled.find((r) => r.id === beyond.id)).toMatchObject({ status: 'settled', payout: 0n });
    // A manual cash-out after the target passed pays the target, not more.
    const next = await roundReaching(300);
    const auto = (await bet('fay', '1.00', 120)).json().value as InhouseRound;
    await startRound(next);
    await runFor(next.id, crashElapsedAt(250));
    const cashed = (await cashOut('fay', auto.id)).json().value as InhouseRound;
    expect(cashed).toMatchObject({ payout: '1.20', outcome: { cashedOutAt: 120 } });
    await crashIt(next);
  });
});

describe('concurrency', () => {
  it('takes one of 50 concurrent bets of a member in a round and debits it once', async () => {
    await openRound();
    const before = await balance('ann');
    const responses = await Promise.all(Array.from({ length: 50 }, () => bet('ann', '1.00')));
    const codes = responses.map((r) => (r.json().success ? 'ok' : r.json().errorCode));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c === 'crash_bet_exists')).toHaveLength(49);
    expect(await balance('ann')).toBe(before - 100n);
  });

  it('settles exactly 10 of 50 concurrent 1.00 bets (a crash bet among dice bets) on a balance of 10.00', async () => {
    const member = await fundedMember(t, client, 'hal', 1_000n);
    tokens.hal = member.token;
    ids.hal = member.memberId;
    await openRound();
    // Dice "under 0.01" with this seed loses every one of the first 60 nonces: no win refills the balance.
    await api('GET', '/wps/inhouse/seeds', 'hal');
    const { clientSeed } = (await api('GET', '/wps/inhouse/seeds', 'hal')).json().value;
    const seed = 'hal-concurrency-seed';
    for (let nonce = 0; nonce < 60; nonce += 1) {
      const roll = playSeededBet(
        { serverSeed: seed, clientSeed, nonce },
        { game: 'dice', params: { target: 1, direction: 'under' } },
      );
      expect(roll.multiplier.numerator).toBe(0);
    }
    await query(
      'UPDATE inhouse_seed_pairs SET server_seed = $2, server_seed_hash = $3 WHERE member_id = $1 AND active',
      [ids.hal, seed, hashServerSeed(seed)],
    );
    const dice = () =>
      api('POST', '/wps/inhouse/bets', 'hal', {
        game: 'dice',
        stake: '1.00',
        idempotencyKey: key(),
        params: { target: 1, direction: 'under' },
      });
    const responses = await Promise.all([
      ...Array.from({ length: 24 }, dice),
      bet('hal', '1.00'),
      ...Array.from({ length: 25 }, dice),
    ]);
    const codes = responses.map((r) => (r.json().success ? 'ok' : r.json().errorCode));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(10);
    expect(codes.filter((c) => c === 'insufficient_funds')).toHaveLength(40);
    expect(await balance('hal')).toBe(0n);
    const staked = await count(`SELECT count(*)::int AS n FROM inhouse_rounds WHERE member_id = $1 AND stake = 100`, [
      ids.hal,
    ]);
    expect(staked).toBe(10);
  });
});

/** Another process's round loop on the same database (its pushes go nowhere). */
const anotherLoop = (timing = DEFAULT_CRASH_TIMING, merchantCodes = async () => ['demo']) =>
  createCrashGame({
    pool: t.database.pool,
    inhouse: t.services.inhouse,
    inhouseRepository: createInhouseRepository(t.database.pool),
    publish: () => {},
    playerName: async () => 'x***',
    merchantCodes,
    timing,
    chainLength: CHAIN_LENGTH,
    onError: () => {},
  }).loop;

describe('leadership', () => {
  it('lets one of two loops drive; the other takes over a round mid-run when the leader’s connection dies', async () => {
    const other = anotherLoop();
    try {
      expect(await loop().tryLead()).toBe(true);
      expect(await other.tryLead()).toBe(false);
      await expect(other.stepOnce('demo')).rejects.toBeInstanceOf(LostLeadershipError);

      const round = await openRound();
      const placed = (await bet('ben', '1.00')).json().value as InhouseRound;
      await startRound(round);
      // The leader's lock connection dies (a crashed process): its advisory lock goes with it.
      await query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE application_name LIKE 'tessera-crash-leader %' AND datname = current_database()`,
      );
      let taken = false;
      for (let i = 0; i < 100 && !taken; i += 1) {
        taken = await other.tryLead();
        if (!taken) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(taken).toBe(true);
      // The old leader changes nothing any more, whether or not it has noticed.
      await runFor(round.id, crashElapsedAt(round.crash_point) + 1);
      await expect(loop().stepOnce('demo')).rejects.toBeInstanceOf(LostLeadershipError);
      expect((await latest())?.status).toBe('running');
      expect(await loop().tryLead()).toBe(false);

      // The new leader finds the round where the database left it: past its crash point, so it ends it.
      await other.stepOnce('demo');
      expect(await latest()).toMatchObject({ id: round.id, status: 'crashed' });
      const [settled] = await query<{ status: string }>('SELECT status FROM inhouse_rounds WHERE id = $1', [placed.id]);
      expect(settled?.status).toBe('settled');
    } finally {
      await other.stop();
    }
    // Stopping releases the lock at once: the first loop leads again.
    expect(await loop().tryLead()).toBe(true);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM crash_rounds WHERE merchant_code = 'demo' AND status IN ('betting', 'running')`,
      ),
    ).toBeLessThanOrEqual(1);
  });

  it('runs rounds on its own timers once started', async () => {
    await finishCurrent();
    await loop().stop();
    const timed = anotherLoop({ bettingMs: 300, pauseMs: 0 });
    const before = (await latest())?.id;
    timed.start();
    try {
      for (let i = 0; i < 200; i += 1) {
        const round = await latest();
        if (round && round.id !== before && round.status !== 'betting') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const round = await latest();
      expect(round?.id).not.toBe(before);
      expect(['running', 'crashed']).toContain(round?.status);
    } finally {
      await timed.stop();
    }
    expect(await loop().tryLead()).toBe(true);
  });

  it('drives a merchant that appears after it was elected as soon as it is asked to refresh', async () => {
    await finishCurrent();
    await loop().stop();
    // As at start-up: the loop leads before the demo merchant is seeded.
    let codes: string[] = [];
    const timed = anotherLoop({ bettingMs: 300, pauseMs: 0 }, async () => codes);
    const before = (await latest())?.id;
    timed.start();
    try {
      for (let i = 0; i < 100 && !timed.isLeader(); i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(timed.isLeader()).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await latest())?.id).toBe(before);

      codes = ['demo'];
      await timed.refreshMerchants();
      // Well before the next scheduled refresh (30 s).
      for (let i = 0; i < 100 && (await latest())?.id === before; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await latest())?.id).not.toBe(before);
    } finally {
      await timed.stop();
    }
    expect(await loop().tryLead()).toBe(true);
  });
});
