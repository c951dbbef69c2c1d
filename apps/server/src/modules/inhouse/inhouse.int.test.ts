import { randomUUID } from 'node:crypto';
import { allEndpoints, buildPath, type InhouseRound } from '@tessera/contracts';
import { hashServerSeed, playSeededBet, type SeededBet } from '@tessera/engines';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeReconciled } from '../../../test/close-reconciled';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { hashPassword } from '../../platform/security/password';
import type { InhouseEvent } from './inhouse.events';

let t: TestApp;
let client: ReturnType<typeof memberClient>;
const tokens: Record<string, string> = {};
const memberIds: Record<string, string> = {};
const events: InhouseEvent[] = [];
const key = () => `key-${randomUUID()}`;

const api = (method: 'GET' | 'POST', url: string, as: string, payload?: unknown) =>
  client.send({
    method,
    url,
    moduleId: 'COMM3',
    token: tokens[as],
    ...(payload ? { payload: payload as object } : {}),
  });
const bet = (as: string, body: Record<string, unknown>) => api('POST', '/wps/inhouse/bets', as, body);
const dice = (as: string, stake: string, idempotencyKey = key(), target = 5000) =>
  bet(as, { game: 'dice', stake, idempotencyKey, params: { target, direction: 'under' } });

const fund = async (name: string, amount: bigint) => {
  await t.services.ledger.transfer({
    merchantCode: 'demo',
    currency: 'USD',
    type: 'deposit',
    idempotencyKey: `fund:${name}:${amount}:${Date.now()}`,
    from: { house: 'deposits' },
    to: { member: memberIds[name] ?? '', wallet: 'main' },
    amount,
  });
};
const balance = async (name: string) =>
  (
    await t.services.ledger.balance({
      merchantCode: 'demo',
      currency: 'USD',
      account: { member: memberIds[name] ?? '', wallet: 'main' },
    })
  ).balance;
const activeSeed = async (name: string) =>
  (
    await t.database.pool.query('SELECT server_seed FROM inhouse_seed_pairs WHERE member_id = $1 AND active', [
      memberIds[name],
    ])
  ).rows[0]?.server_seed as string;
/** Test control: the active pair's server seed becomes a known one, so outcomes can be chosen. */
const forceSeed = async (name: string, serverSeed: string) => {
  await t.database.pool.query(
    'UPDATE inhouse_seed_pairs SET server_seed = $2, server_seed_hash = $3 WHERE member_id = $1 AND active',
    [memberIds[name], serverSeed, hashServerSeed(serverSeed)],
  );
};
const count = async (sql: string, values: unknown[] = []) =>
  (await t.database.pool.query(sql, values)).rows[0].n as number;

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  const hash = await hashPassword('Secret123');
  for (const username of ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'p0', 'p1', 'p2', 'p3', 'p4', 'p5']) {
    const created = await t.services.members.create({
      merchantCode: 'demo',
      username,
      account: username,
      nickname: username,
      passwordHash: hash,
    });
    if (!('row' in created)) throw new Error(`member ${username} not created`);
    memberIds[username] = created.row.id;
    tokens[username] = await client.login(username, 'Secret123');
  }
  t.services.inhouseEvents.subscribe((event) => {
    events.push(event);
  });
});
afterAll(async () => {
  await closeReconciled(t);
});

describe('seed pairs', () => {
  it('shows the server seed hash before any bet, and the nonce the next bet uses', async () => {
    const seeds = (await api('GET', '/wps/inhouse/seeds', 'alice')).json().value;
    expect(seeds.serverSeedHash).toBe(hashServerSeed(await activeSeed('alice')));
    expect(seeds.nonce).toBe(0);
    expect(seeds.clientSeed).toMatch(/^[0-9a-f]{16}$/);
  });

  it('needs a session', async () => {
    const response = await client.send({ method: 'GET', url: '/wps/inhouse/seeds', moduleId: 'COMM3' });
    expect(response.json().errorCode).toBe('login.not.session');
  });
});

describe('a seeded bet', () => {
  it('is one transaction: debit, outcome, credit and the round with balances before and after', async () => {
    await fund('alice', 10_000n);
    const round = (await dice('alice', '1.00')).json().value as InhouseRound;
    expect(round).toMatchObject({ game: 'dice', status: 'settled', stake: '1.00', nonce: 0, serverSeed: null });
    expect(round.balanceBefore).toBe('100.00');
    const expected =
      round.multiplier.numerator > 0
        ? (100n * BigInt(round.multiplier.numerator)) / BigInt(round.multiplier.denominator)
        : 0n;
    expect(round.payout).toBe((Number(expected) / 100).toFixed(2));
    expect(round.balanceAfter).toBe(((10_000 - 100 + Number(expected)) / 100).toFixed(2));
    expect(await balance('alice')).toBe(10_000n - 100n + expected);
    const legs = await count(
      `SELECT count(*)::int AS n FROM ledger_transactions WHERE reference = $1 AND type LIKE 'inhouse.%'`,
      [round.id],
    );
    expect(legs).toBe(expected > 0n ? 2 : 1);
  });

  it('answers a replayed key with the first round and refuses the key with another bet', async () => {
    const idempotencyKey = key();
    const first = (await dice('alice', '2.00', idempotencyKey)).json().value;
    const before = await balance('alice');
    const again = (await dice('alice', '2.00', idempotencyKey)).json().value;
    expect(again).toEqual(first);
    expect(await balance('alice')).toBe(before);
    const other = await dice('alice', '3.00', idempotencyKey);
    expect(other.statusCode).toBe(409);
    expect(other.json().errorCode).toBe('idempotency_conflict');
    expect(await count('SELECT count(*)::int AS n FROM inhouse_rounds WHERE client_key = $1', [idempotencyKey])).toBe(
      1,
    );
  });

  it('uses each nonce exactly once, in order', async () => {
    const start = (await api('GET', '/wps/inhouse/seeds', 'alice')).json().value.nonce as number;
    const nonces: number[] = [];
    for (let i = 0; i < 5; i += 1) nonces.push((await dice('alice', '0.10')).json().value.nonce);
    expect(nonces).toEqual([start, start + 1, start + 2, start + 3, start + 4]);
    expect((await api('GET', '/wps/inhouse/seeds', 'alice')).json().value.nonce).toBe(start + 5);
  });

  it('refuses bad stakes, bad params and payouts above the maximum, writing nothing', async () => {
    const rounds = await count('SELECT count(*)::int AS n FROM inhouse_rounds');
    const ledgerRows = await count('SELECT count(*)::int AS n FROM ledger_transactions');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ game: 'dice', stake: '0.01', params: { target: 5000, direction: 'under' } }, 'stake', 'amount_below_minimum'],
      [{ game: 'dice', stake: '5000', params: { target: 5000, direction: 'under' } }, 'stake', 'amount_above_maximum'],
      [{ game: 'dice', stake: 'abc', params: { target: 5000, direction: 'under' } }, 'stake', 'amount_not_numeric'],
      [{ game: 'dice', stake: '1.001', params: { target: 5000, direction: 'under' } }, 'stake', 'amount_too_precise'],
      [{ game: 'dice', stake: '1', params: { target: 9999, direction: 'over' } }, 'params.target', 'field_too_large'],
      [{ game: 'dice', stake: '1', params: { target: 9900, direction: 'under' } }, 'params', 'field_invalid'],
      [{ game: 'limbo', stake: '1', params: { target: 100_000_000 } }, 'stake', 'inhouse_payout_above_maximum'],
      [{ game: 'keno', stake: '1', params: { picks: [1, 1], risk: 'low' } }, 'params.picks', 'field_invalid'],
    ];
    for (const [body, path, code] of cases) {
      const response = await bet('alice', { ...body, idempotencyKey: key() });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fieldErrors[0], JSON.stringify(body)).toMatchObject({ path, code });
    }
    expect(await count('SELECT count(*)::int AS n FROM inhouse_rounds')).toBe(rounds);
    expect(await count('SELECT count(*)::int AS n FROM ledger_transactions')).toBe(ledgerRows);
  });

  it('refuses a stake above the balance and leaves the nonce where it was', async () => {
    const nonce = (await api('GET', '/wps/inhouse/seeds', 'bob')).json().value.nonce;
    const response = await dice('bob', '1.00');
    expect(response.json().errorCode).toBe('insufficient_funds');
    expect((await api('GET', '/wps/inhouse/seeds', 'bob')).json().value.nonce).toBe(nonce);
    expect(await count('SELECT count(*)::int AS n FROM inhouse_rounds WHERE member_id = $1', [memberIds.bob])).toBe(0);
  });

  it('plays every seeded game and each stored outcome is the engine’s for the revealed seeds', async () => {
    await fund('carol', 100_000n);
    const bodies: Record<string, unknown>[] = [
      { game: 'dice', params: { target: 4950, direction: 'over' } },
      { game: 'limbo', params: { target: 200 } },
      { game: 'plinko', params: { rows: 12, risk: 'medium' } },
      { game: 'keno', params: { picks: [1, 7, 13, 22, 40], risk: 'high' } },
      { game: 'slot', params: {} },
    ];
    const played: InhouseRound[] = [];
    for (let i = 0; i < 4; i += 1) {
      for (const body of bodies) {
        const response = await bet('carol', { ...body, stake: '1.00', idempotencyKey: key() });
        expect(response.statusCode, response.body).toBe(200);
        played.push(response.json().value);
      }
    }
    const serverSeed = await activeSeed('carol');
    const rotated = (await api('POST', '/wps/inhouse/seeds/rotate', 'carol', { clientSeed: 'carol-next' })).json()
      .value;
    expect(rotated.previous.serverSeed).toBe(serverSeed);
    expect(rotated.previous.nonce).toBe(played.length);
    expect(rotated.current).toMatchObject({ clientSeed: 'carol-next', nonce: 0 });
    expect(rotated.current.serverSeedHash).not.toBe(rotated.previous.serverSeedHash);
    for (const round of played) {
      const stored = (await api('GET', `/wps/inhouse/rounds/${round.id}`, 'carol')).json().value as InhouseRound;
      expect(stored.serverSeed).toBe(serverSeed);
      expect(hashServerSeed(stored.serverSeed ?? '')).toBe(stored.serverSeedHash);
      const again = playSeededBet({ serverSeed, clientSeed: stored.clientSeed, nonce: stored.nonce }, {
        game: stored.game,
        params: stored.params,
      } as SeededBet);
      expect(stored.outcome).toEqual(again.outcome);
      expect(stored.multiplier).toEqual(again.multiplier);
    }
    const recorded = await t.database.pool.query(
      `SELECT round_ref, bet_amount, payout, status, game_type FROM bet_rounds WHERE member_id = $1 AND source = 'inhouse'`,
      [memberIds.carol],
    );
    expect(recorded.rows).toHaveLength(played.length);
    for (const round of played) {
      const row = recorded.rows.find((r) => r.round_ref === round.id);
      expect(row).toMatchObject({ bet_amount: 100n, status: 'settled', game_type: 'INHOUSE' });
      expect((Number(row?.payout) / 100).toFixed(2)).toBe(round.payout);
    }
    const revealed = (await api('GET', '/wps/inhouse/seeds/revealed', 'carol')).json().value;
    expect(revealed[0]).toMatchObject({ serverSeed, nonce: played.length });
  });

  it('draws the same outcome whatever the stake (property)', async () => {
    await fund('dave', 1_000_000n);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 10, max: 50_000 }),
        fc.integer({ min: 10, max: 50_000 }),
        fc.integer({ min: 100, max: 9800 }),
        async (a, b, target) => {
          const outcomes = [];
          for (const stake of [a, b]) {
            await api('POST', '/wps/inhouse/seeds/rotate', 'dave', { clientSeed: 'same-client' });
            await forceSeed('dave', 'a-fixed-server-seed-for-the-property');
            const round = (await dice('dave', (stake / 100).toFixed(2), key(), target)).json().value;
            outcomes.push([round.outcome, round.nonce, round.multiplier]);
          }
          expect(outcomes[0]).toEqual(outcomes[1]);
        },
      ),
      { numRuns: 8 },
    );
  });
});

describe('concurrency', () => {
  it('settles exactly 10 of 50 concurrent 1.00 bets on a balance of 10.00, never overdrawing', async () => {
    await fund('erin', 1_000n);
    // A known server seed whose first 60 rolls all lose "under 1", so no win refills the balance mid-test.
    await api('GET', '/wps/inhouse/seeds', 'erin');
    const seed = 'erin-concurrency-seed';
    const { clientSeed } = (await api('GET', '/wps/inhouse/seeds', 'erin')).json().value;
    for (let nonce = 0; nonce < 60; nonce += 1) {
      const roll = playSeededBet(
        { serverSeed: seed, clientSeed, nonce },
        { game: 'dice', params: { target: 1, direction: 'under' } },
      );
      expect(roll.multiplier.numerator).toBe(0);
    }
    await forceSeed('erin', seed);
    const responses = await Promise.all(Array.from({ length: 50 }, () => dice('erin', '1.00', key(), 1)));
    const codes = responses.map((r) => (r.json().success ? 'ok' : r.json().errorCode));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(10);
    expect(codes.filter((c) => c === 'insufficient_funds')).toHaveLength(40);
    expect(await balance('erin')).toBe(0n);
    const nonces = responses
      .filter((r) => r.json().success)
      .map((r) => r.json().value.nonce as number)
      .sort((x, y) => x - y);
    expect(nonces).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('settles concurrent winning and losing bets of many members without a deadlock', async () => {
    const players = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5'];
    for (const player of players) await fund(player, 10_000n);
    // Even odds: about half the bets win, so stakes and payouts cross between the members and the house shards.
    const responses = await Promise.all(
      players.flatMap((player) => Array.from({ length: 6 }, () => dice(player, '1.00', key(), 5000))),
    );
    expect(responses.map((r) => r.json().errorCode ?? 'ok')).toEqual(responses.map(() => 'ok'));
    for (const player of players) {
      const rounds = await t.database.pool.query(
        'SELECT stake, payout, balance_after FROM inhouse_rounds WHERE member_id = $1 ORDER BY nonce',
        [memberIds[player]],
      );
      const net = rounds.rows.reduce((sum, r) => sum - BigInt(r.stake) + BigInt(r.payout), 0n);
      expect(await balance(player)).toBe(10_000n + net);
      expect(BigInt(rounds.rows.at(-1)?.balance_after)).toBe(10_000n + net);
    }
  });
});

describe('rotation racing bets', () => {
  it('answers a burst of 6 rotations and 6 dice bets with successes or clear codes, the ledger consistent', async () => {
    await fund('frank', 10_000n);
    await api('GET', '/wps/inhouse/seeds', 'frank');
    const before = await balance('frank');
    const pairsBefore = await count('SELECT count(*)::int AS n FROM inhouse_seed_pairs WHERE member_id = $1', [
      memberIds.frank,
    ]);
    const keys = Array.from({ length: 6 }, () => key());
    const responses = await Promise.all(
      keys.flatMap((betKey, i) => [
        api('POST', '/wps/inhouse/seeds/rotate', 'frank', { clientSeed: `burst-${i}` }),
        dice('frank', '1.00', betKey),
      ]),
    );
    expect(responses.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
    const failures = responses.filter((r) => !r.json().success).map((r) => r.json().errorCode);
    expect(failures.filter((code) => code !== 'conflict')).toEqual([]);

    const rotations = responses.filter((r, i) => i % 2 === 0 && r.json().success).length;
    const pairsAfter = await count('SELECT count(*)::int AS n FROM inhouse_seed_pairs WHERE member_id = $1', [
      memberIds.frank,
    ]);
    expect(pairsAfter - pairsBefore).toBe(rotations);
    expect(
      await count('SELECT count(*)::int AS n FROM inhouse_seed_pairs WHERE member_id = $1 AND active', [
        memberIds.frank,
      ]),
    ).toBe(1);
    const rounds = await t.database.pool.query(
      'SELECT stake, payout FROM inhouse_rounds WHERE member_id = $1 AND client_key = ANY($2)',
      [memberIds.frank, keys],
    );
    const settled = responses.filter((r, i) => i % 2 === 1 && r.json().success).length;
    expect(rounds.rows).toHaveLength(settled);
    const net = rounds.rows.reduce((sum, r) => sum - BigInt(r.stake) + BigInt(r.payout), 0n);
    expect(await balance('frank')).toBe(before + net);
  });
});

describe('mines', () => {
  it('keeps an open round on the server through reveals, refuses rotation meanwhile, and cashes out', async () => {
    await fund('bob', 10_000n);
    const round = (
      await bet('bob', { game: 'mines', stake: '1.00', idempotencyKey: key(), params: { mines: 3 } })
    ).json().value as InhouseRound;
    expect(round).toMatchObject({ status: 'open', outcome: null, payout: '0.00' });
    expect(await balance('bob')).toBe(9_900n);
    const mineTiles = playSeededBet(
      { serverSeed: await activeSeed('bob'), clientSeed: round.clientSeed, nonce: round.nonce },
      { game: 'mines', params: { mines: 3, picks: [] } },
    ).outcome as { mineTiles: number[] };
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((i) => !mineTiles.mineTiles.includes(i));

    const open = (await api('GET', '/wps/inhouse/mines/open', 'bob')).json().value;
    expect(open.id).toBe(round.id);
    const second = await bet('bob', { game: 'mines', stake: '1.00', idempotencyKey: key(), params: { mines: 3 } });
    expect(second.json().errorCode).toBe('inhouse_round_open');
    expect((await api('POST', '/wps/inhouse/seeds/rotate', 'bob', { clientSeed: 'x-seed' })).json().errorCode).toBe(
      'inhouse_round_open',
    );
    expect((await api('POST', `/wps/inhouse/mines/${round.id}/cashout`, 'bob', {})).json().errorCode).toBe(
      'mines_pick_first',
    );

    const first = (await api('POST', `/wps/inhouse/mines/${round.id}/reveal`, 'bob', { tile: safe[0] })).json().value;
    expect(first).toMatchObject({ status: 'open', outcome: null, params: { mines: 3, picks: [safe[0]] } });
    // 0.99 × 25/22 = 99/88 = 9/8.
    expect(first.multiplier).toEqual({ numerator: 9, denominator: 8 });
    const taken = await api('POST', `/wps/inhouse/mines/${round.id}/reveal`, 'bob', { tile: safe[0] });
    expect(taken.json().errorCode).toBe('inhouse_tile_taken');
    await api('POST', `/wps/inhouse/mines/${round.id}/reveal`, 'bob', { tile: safe[1] });
    const cashed = (await api('POST', `/wps/inhouse/mines/${round.id}/cashout`, 'bob', {})).json().value;
    expect(cashed.status).toBe('settled');
    expect(cashed.outcome.mineTiles).toEqual(mineTiles.mineTiles);
    // 0.99 × C(25,2)/C(22,2) = 0.99 × 300/231 → 1.00 stake pays 1.28.
    expect(cashed.payout).toBe('1.28');
    const recorded = await t.database.pool.query(
      `SELECT bet_amount, payout, status FROM bet_rounds WHERE source = 'inhouse' AND round_ref = $1`,
      [round.id],
    );
    expect(recorded.rows).toEqual([{ bet_amount: 100n, payout: 128n, status: 'settled' }]);
    expect(await balance('bob')).toBe(9_900n + 128n);
    expect(
      (await api('POST', `/wps/inhouse/mines/${round.id}/reveal`, 'bob', { tile: safe[2] })).json().errorCode,
    ).toBe('inhouse_round_closed');
    expect((await api('GET', `/wps/inhouse/rounds/${round.id}`, 'alice')).json().errorCode).toBe('not_found');
  });

  it('ends a round on a mine with nothing paid', async () => {
    const round = (
      await bet('bob', { game: 'mines', stake: '1.00', idempotencyKey: key(), params: { mines: 5 } })
    ).json().value as InhouseRound;
    const { mineTiles } = playSeededBet(
      { serverSeed: await activeSeed('bob'), clientSeed: round.clientSeed, nonce: round.nonce },
      { game: 'mines', params: { mines: 5, picks: [] } },
    ).outcome as { mineTiles: number[] };
    const before = await balance('bob');
    const lost = (await api('POST', `/wps/inhouse/mines/${round.id}/reveal`, 'bob', { tile: mineTiles[0] })).json()
      .value;
    expect(lost).toMatchObject({ status: 'settled', payout: '0.00', outcome: { mineTiles } });
    expect(await balance('bob')).toBe(before);
    expect((await api('GET', '/wps/inhouse/mines/open', 'bob')).json().value).toBeNull();
  });
});

describe('recall, events and secrecy', () => {
  it('recalls the last 10 rounds of a game, newest first', async () => {
    const recall = (await api('GET', '/wps/inhouse/rounds?game=dice', 'alice')).json().value as InhouseRound[];
    expect(recall).toHaveLength(7);
    for (let i = 0; i < 6; i += 1) await dice('alice', '0.10');
    const again = (await api('GET', '/wps/inhouse/rounds?game=dice', 'alice')).json().value as InhouseRound[];
    expect(again).toHaveLength(10);
    expect(again.map((r) => r.nonce)).toEqual([...again.map((r) => r.nonce)].sort((a, b) => b - a));
    expect(again[0]).toHaveProperty('balanceBefore');
  });

  it('announces every settled round after commit, flagging big wins', async () => {
    const settled = await count(`SELECT count(*)::int AS n FROM inhouse_rounds WHERE status = 'settled'`);
    expect(events).toHaveLength(settled);
    expect(events.every((e) => e.type === 'inhouse.round_settled')).toBe(true);
    for (const event of events) expect(event.bigWin).toBe(event.payout >= 10_000n && event.payout >= event.stake * 10n);
  });

  it('never returns an unrevealed server seed from any in-house endpoint', async () => {
    const open = (
      await bet('alice', { game: 'mines', stake: '1.00', idempotencyKey: key(), params: { mines: 2 } })
    ).json().value as InhouseRound;
    const secret = await activeSeed('alice');
    const calls: Record<string, { params?: Record<string, string>; input?: Record<string, unknown> }> = {
      'inhouse.games': {},
      'inhouse.seeds': {},
      'inhouse.revealedSeeds': {},
      'inhouse.placeBet': {
        input: { game: 'dice', stake: '0.10', idempotencyKey: key(), params: { target: 5000, direction: 'under' } },
      },
      'inhouse.minesReveal': { params: { id: open.id }, input: { tile: 0 } },
      'inhouse.minesCashOut': { params: { id: open.id }, input: {} },
      'inhouse.openMines': {},
      'inhouse.recall': { input: { game: 'mines' } },
      'inhouse.round': { params: { id: open.id } },
      'inhouse.rotateSeeds': { input: { clientSeed: 'after-all' } },
      'crash.state': {},
      'crash.placeBet': { input: { stake: '0.10', autoCashOut: null, idempotencyKey: key() } },
      'crash.cashOut': { params: { id: open.id }, input: {} },
    };
    const inhouse = allEndpoints.filter((e) => e.path.startsWith('/wps/inhouse'));
    expect(inhouse.map((e) => e.name).sort()).toEqual(Object.keys(calls).sort());
    const bodies: string[] = [];
    // rotateSeeds last: it reveals the secret, which is then no longer a secret.
    for (const endpoint of [...inhouse].sort((a) => (a.name === 'inhouse.rotateSeeds' ? 1 : -1))) {
      const call = calls[endpoint.name] ?? {};
      const url = buildPath(endpoint.path, call.params);
      const response =
        endpoint.method === 'GET'
          ? await api(
              'GET',
              call.input ? `${url}?${new URLSearchParams(call.input as Record<string, string>)}` : url,
              'alice',
            )
          : await api('POST', url, 'alice', call.input ?? {});
      if (endpoint.name !== 'inhouse.rotateSeeds') bodies.push(response.body);
      expect(response.statusCode, `${endpoint.name} ${response.body}`).toBeLessThan(500);
    }
    for (const body of bodies) expect(body).not.toContain(secret);
    expect(bodies.join('')).toContain(hashServerSeed(secret));
  });
});
