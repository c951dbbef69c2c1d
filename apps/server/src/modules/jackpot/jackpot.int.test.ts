import { randomUUID } from 'node:crypto';
import type { AdminJackpot, AdminJackpotWin, JackpotList } from '@tessera/contracts';
import { jackpotDraw, jackpotHit } from '@tessera/engines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantLikeDemo, merchantResource, signInOperators } from '../../../test/back-office';
import { closeReconciled } from '../../../test/close-reconciled';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { inTransaction } from '../../platform/db/transaction';
import { EVENT_CATALOGUE, type EventPayload } from '../../platform/events';

/**
 * The progressive jackpot on the real PostgreSQL (decisions 0115-0116): a pool funded with its seed through the
 * ledger, fed once per eligible in-house round however often the event arrives, won by the round's own seeds and
 * paid once under concurrent duplicate delivery; bad settings refused with nothing changed; other merchants'
 * operators kept out; the ledger reconciles and the jackpot account holds exactly the pool.
 */

let t: TestApp;
let client: ReturnType<typeof memberClient>;
const tokens: Record<string, string> = {};
const members: Record<string, { memberId: string; token: string }> = {};
const { get, put } = merchantResource(() => t, tokens, 'jackpot');

const settings = {
  enabled: true,
  seed: '100.00',
  shareBp: 100, // 1 %
  probabilityPpb: 0,
  eligibleGames: ['dice', 'limbo'],
};

const dice = (as: string, stake: string) =>
  client.send({
    method: 'POST',
    url: '/wps/inhouse/bets',
    moduleId: 'COMM3',
    token: members[as]?.token,
    payload: {
      game: 'dice',
      stake,
      idempotencyKey: `key-${randomUUID()}`,
      params: { target: 5000, direction: 'under' },
    },
  });
const drain = () => t.services.events.drain();
const pool = async () => (await get('owner')).json().value as AdminJackpot;
const publicValue = async () => {
  const answer = await client.send({
    method: 'POST',
    url: '/wps/relay/VIS_getJackpot',
    moduleId: 'COMM3',
    payload: {},
  });
  expect(answer.json().success, answer.body).toBe(true);
  return answer.json().value as JackpotList;
};
const jackpotAccount = async () =>
  (
    await t.database.pool.query<{ total: string }>(
      `SELECT coalesce(sum(balance), 0)::text AS total FROM ledger_accounts
        WHERE merchant_code = 'demo' AND owner_type = 'house' AND owner_id = 'jackpot' AND currency = 'USD'`,
    )
  ).rows[0]?.total;
const poolMinor = async () =>
  (await t.database.pool.query<{ value: string }>("SELECT value::text FROM jackpot_pools WHERE merchant_code = 'demo'"))
    .rows[0]?.value;
/** The settled-round events of the member's in-house rounds, as subscribers receive them. */
const settledEvents = async (memberId: string): Promise<EventPayload<'bet.settled'>[]> =>
  (
    await t.database.pool.query(
      "SELECT payload FROM events WHERE name = 'bet.settled' AND payload->>'memberId' = $1 ORDER BY id",
      [memberId],
    )
  ).rows.map((row) => EVENT_CATALOGUE['bet.settled'].parse(row.payload));
const snapshot = async () => ({
  pools: (await t.database.pool.query('SELECT * FROM jackpot_pools ORDER BY merchant_code')).rows,
  audit: (await t.database.pool.query("SELECT count(*)::int AS n FROM audit_log WHERE action = 'jackpot.update'"))
    .rows[0].n as number,
  ledger: (await t.database.pool.query("SELECT count(*)::int AS n FROM ledger_transactions WHERE type LIKE 'jackpot%'"))
    .rows[0].n as number,
});

beforeAll(async () => {
  t = await createTestApp({}, { events: { deliver: false } });
  client = memberClient(t);
  await merchantLikeDemo(t, 'yen', { name: 'Yen', currency: 'JPY' });
  Object.assign(tokens, await signInOperators(t, [{ name: 'yenfinance', role: 'finance', merchantCode: 'yen' }]));
  for (const name of ['jpalice', 'jpbob']) members[name] = await fundedMember(t, client, name, 1_000_000n);
});

afterAll(async () => {
  await closeReconciled(t);
});

describe('settings', () => {
  it('starts unconfigured, and bad settings are refused field by field with nothing changed', async () => {
    expect(await pool()).toMatchObject({ configured: false, enabled: false, value: '0.00', currency: 'USD' });
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ seed: 'abc' }, 'seed', 'amount_not_numeric'],
      [{ seed: '-5' }, 'seed', 'amount_not_positive'],
      [{ seed: '20000000000' }, 'seed', 'field_too_large'],
      [{ shareBp: 1001 }, 'shareBp', 'field_too_large'],
      [{ shareBp: -1 }, 'shareBp', 'field_too_small'],
      [{ probabilityPpb: 1_000_000_001 }, 'probabilityPpb', 'field_too_large'],
      [{ probabilityPpb: 1.5 }, 'probabilityPpb', 'field_invalid'],
      [{ eligibleGames: ['crash'] }, 'eligibleGames.0', 'field_not_allowed'],
      [{ eligibleGames: ['dice', 'dice'] }, 'eligibleGames', 'field_invalid'],
      [{ eligibleGames: [] }, 'eligibleGames', 'not_empty'],
    ];
    for (const [change, path, code] of cases) {
      const answer = await put('owner', { ...settings, ...change });
      expect(answer.statusCode, JSON.stringify(change)).toBe(400);
      expect(answer.json().errorCode).toBe('validation_failed');
      expect(answer.json().fieldErrors, JSON.stringify(change)).toContainEqual(expect.objectContaining({ path, code }));
    }
    expect(await snapshot()).toEqual(before);
  });

  it('is read and changed only by the roles holding the permission, and never by another merchant’s operator', async () => {
    const before = await snapshot();
    for (const as of ['support', 'risk', 'content', 'yenfinance']) {
      const answer = await put(as, settings);
      expect(answer.json().success, as).toBe(false);
    }
    expect((await put('yenfinance', settings)).json().errorCode).toBe('not_found');
    expect((await get('yenfinance')).json().errorCode).toBe('not_found');
    expect((await get('content')).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
    // Its own merchant is fine.
    expect((await get('yenfinance', 'yen')).json().value).toMatchObject({ currency: 'JPY', configured: false });
  });

  it('the first save funds the pool with its seed through the ledger, audited; VIS_getJackpot shows it', async () => {
    expect(await publicValue()).toEqual({ list: [] });
    const saved = await put('finance', settings);
    expect(saved.json().success, saved.body).toBe(true);
    expect(saved.json().value).toMatchObject({ configured: true, enabled: true, value: '100.00', seed: '100.00' });
    expect(await jackpotAccount()).toBe('10000');
    // A second save does not fund again, and leaves the value alone.
    expect((await put('owner', { ...settings, seed: '50.00' })).json().value).toMatchObject({
      value: '100.00',
      seed: '50.00',
    });
    expect(await jackpotAccount()).toBe('10000');
    const audit = await t.database.pool.query(
      "SELECT details FROM audit_log WHERE action = 'jackpot.update' AND merchant_code = 'demo' ORDER BY id",
    );
    expect(audit.rows).toHaveLength(2);
    expect(audit.rows[1].details).toMatchObject({ before: { seed: '10000' }, after: { seed: '5000' } });
    expect(await publicValue()).toEqual({
      list: [{ currency: 'USD', value: '100.00', eligibleGames: ['dice', 'limbo'] }],
    });
  });
});

describe('contributions', () => {
  it('adds the share of each eligible round once, even when the events are replayed', async () => {
    for (let i = 0; i < 3; i += 1) expect((await dice('jpalice', '10.00')).json().success).toBe(true);
    await drain();
    expect(await poolMinor()).toBe(String(10_000 + 3 * 10));
    // The dispatcher's replay (receipts removed, cursor back to the start) and a direct duplicate delivery.
    await t.database.pool.query("DELETE FROM event_receipts WHERE subscriber = 'jackpot.bets'");
    await t.services.events.replay('jackpot.bets', 0n);
    await drain();
    const [first] = await settledEvents(members.jpalice?.memberId ?? '');
    if (!first) throw new Error('no settled round');
    await inTransaction(t.database.pool, (tx) => t.services.jackpot.fromBet(tx, first));
    expect(await poolMinor()).toBe('10030');
    expect(await jackpotAccount()).toBe('10030');
    expect((await publicValue()).list[0]?.value).toBe('100.30');
  });

  it('leaves out games not listed and rounds of other sources', async () => {
    await put('owner', { ...settings, seed: '50.00', eligibleGames: ['limbo'] });
    expect((await dice('jpalice', '10.00')).json().success).toBe(true);
    await drain();
    expect(await poolMinor()).toBe('10030');
    await put('owner', { ...settings, seed: '50.00' });
    // The same round announced as another source's (an outside provider's) adds nothing.
    const [first] = await settledEvents(members.jpalice?.memberId ?? '');
    if (!first) throw new Error('no settled round');
    await t.database.pool.query('DELETE FROM jackpot_contributions WHERE round_id = $1', [first.roundRef]);
    const other = await inTransaction(t.database.pool, (tx) =>
      t.services.jackpot.fromBet(tx, { ...first, source: 'seamless' }),
    );
    expect(other).toEqual({ contributed: 0n, won: 0n });
    await t.database.pool.query(
      'INSERT INTO jackpot_contributions (round_id, merchant_code, currency, member_id, stake, amount) VALUES ($1, $2, $3, $4, $5, $6)',
      [first.roundRef, 'demo', 'USD', first.memberId, first.betAmount, 10n],
    );
    expect(await poolMinor()).toBe('10030');
  });
});

describe('winning', () => {
  it('pays the pool once under concurrent duplicate delivery, resets it to the seed and proves the draw', async () => {
    // Every bet wins: the probability is one (a billion parts per billion).
    await put('owner', { ...settings, seed: '50.00', probabilityPpb: 1_000_000_000 });
    const bob = members.jpbob?.memberId ?? '';
    await drain(); // nothing pending before the winning bet
    await t.services.events.replay('jackpot.bets', 0n); // (receipts keep the old rounds out)
    const balanceBefore = await t.services.ledger.balance({
      merchantCode: 'demo',
      currency: 'USD',
      account: { member: bob, wallet: 'main' },
    });
    const lostOf = async () =>
      BigInt(
        (
          await t.database.pool.query<{ lost: string }>(
            'SELECT coalesce(sum(lost), 0)::text AS lost FROM rg_usage WHERE member_id = $1',
            [bob],
          )
        ).rows[0]?.lost ?? '0',
      );
    expect((await dice('jpbob', '10.00')).json().success).toBe(true);
    const lostBeforeWin = await lostOf();
    const [event] = await settledEvents(bob);
    if (!event) throw new Error('no settled round');
    // Two deliveries of the same event at once, and the dispatcher's own after them.
    const results = await Promise.all([
      inTransaction(t.database.pool, (tx) => t.services.jackpot.fromBet(tx, event)),
      inTransaction(t.database.pool, (tx) => t.services.jackpot.fromBet(tx, event)),
    ]);
    await drain();
    const expected = 10_030n + 10n;
    expect(results.map((r) => r.won).sort()).toEqual([0n, expected]);
    const wins = await t.database.pool.query('SELECT amount::text FROM jackpot_wins WHERE member_id = $1', [bob]);
    expect(wins.rows).toEqual([{ amount: expected.toString() }]);
    const paid = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM ledger_transactions WHERE type = 'jackpot_win' AND reference = $1",
      [event.roundRef],
    );
    expect(paid.rows[0].n).toBe(1);
    // Responsible gaming counts the jackpot as a win: the day's net loss falls by it (decision 0125).
    expect(await lostOf()).toBe(lostBeforeWin - expected);
    expect(await poolMinor()).toBe('5000');
    expect(await jackpotAccount()).toBe('5000');
    const balanceAfter = await t.services.ledger.balance({
      merchantCode: 'demo',
      currency: 'USD',
      account: { member: bob, wallet: 'main' },
    });
    const round = (
      await t.database.pool.query('SELECT stake, payout FROM inhouse_rounds WHERE id = $1', [event.roundRef])
    ).rows[0];
    expect(balanceAfter.balance - balanceBefore.balance).toBe(expected - round.stake + round.payout);
    // The won event was emitted once.
    const won = await t.database.pool.query(
      "SELECT payload FROM events WHERE name = 'jackpot.won' AND payload->>'memberId' = $1",
      [bob],
    );
    expect(won.rows).toHaveLength(1);

    // The proof: the member's own list and the back office's, verifiable once the seed pair is rotated.
    const mine = await client.send({
      method: 'GET',
      url: '/wps/jackpot/wins',
      moduleId: 'COMM3',
      token: members.jpbob?.token,
    });
    const [win] = mine.json().value.list;
    expect(win).toMatchObject({ roundId: event.roundRef, amount: '100.40', game: 'dice', proof: { serverSeed: null } });
    await client.send({
      method: 'POST',
      url: '/wps/inhouse/seeds/rotate',
      moduleId: 'COMM3',
      token: members.jpbob?.token,
      payload: { clientSeed: 'bob-next' },
    });
    const list = (
      await t.request({
        method: 'GET',
        url: '/api/admin/merchants/demo/jackpot/wins',
        headers: { authorization: tokens.finance },
      })
    ).json().value.list as AdminJackpotWin[];
    const proof = list.find((entry) => entry.roundId === event.roundRef)?.proof;
    if (!proof?.serverSeed) throw new Error('the seed is revealed after rotation');
    const seeds = { serverSeed: proof.serverSeed, clientSeed: proof.clientSeed, nonce: proof.nonce };
    expect(jackpotDraw(seeds).toString(16).padStart(16, '0')).toBe(proof.draw);
    expect(jackpotHit(seeds, proof.probabilityPpb)).toBe(true);
    // Members cannot read others' wins.
    const alices = await client.send({
      method: 'GET',
      url: '/wps/jackpot/wins',
      moduleId: 'COMM3',
      token: members.jpalice?.token,
    });
    expect(alices.json().value.list).toEqual([]);
    expect(await pool()).toMatchObject({ wins: 1, paid: '100.40', value: '50.00' });
  });

  it('pushes the committed value on topic jackpot', async () => {
    const sent: unknown[] = [];
    const realtime = { deliverLocally: (envelope: unknown) => sent.push(envelope) };
    const { createJackpotPush } = await import('./jackpot.push');
    const push = createJackpotPush(t.services.jackpot, realtime as never);
    await push.pass();
    expect(sent).toContainEqual({
      to: 'topic',
      merchantCode: 'demo',
      topic: 'jackpot',
      event: { type: 'jackpot.value', data: { currency: 'USD', value: '50.00' } },
    });
    sent.length = 0;
    await push.pass();
    expect(sent).toEqual([]); // nothing changed since
  });

  it('switches the demo jackpot on for a real start, funded once, and leaves a configured one alone', async () => {
    await merchantLikeDemo(t, 'showcase');
    await t.services.jackpot.seedDemo('showcase');
    await t.services.jackpot.seedDemo('showcase');
    const pools = await t.database.pool.query<{ enabled: boolean; value: string }>(
      "SELECT enabled, value::text FROM jackpot_pools WHERE merchant_code = 'showcase'",
    );
    expect(pools.rows).toEqual([{ enabled: true, value: '50000' }]);
    const funding = await t.database.pool.query(
      "SELECT id FROM ledger_transactions WHERE type = 'jackpot_seed' AND merchant_code = 'showcase'",
    );
    expect(funding.rows).toHaveLength(1);
    // The demo merchant here was configured by the tests above: its settings stay as they are.
    const before = (await t.database.pool.query("SELECT * FROM jackpot_pools WHERE merchant_code = 'demo'")).rows;
    await t.services.jackpot.seedDemo('demo');
    expect((await t.database.pool.query("SELECT * FROM jackpot_pools WHERE merchant_code = 'demo'")).rows).toEqual(
      before,
    );
  });
});
