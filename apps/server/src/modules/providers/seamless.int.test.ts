import { formatMinor } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeReconciled } from '../../../test/close-reconciled';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, REFERENCE_PROVIDER_SECRET, type TestApp } from '../../../test/test-app';
import { seamlessSignature } from './seamless.routes';

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let memberToken: string;
let nodeId: string;
let sequence = 0;

const next = (prefix: string) => `${prefix}-${++sequence}`;

const call = (action: string, body: object, options: { secret?: string; provider?: string; raw?: string } = {}) => {
  const raw = options.raw ?? JSON.stringify(body);
  return t.request({
    method: 'POST',
    url: `/seamless/v1/${options.provider ?? 'DEMO'}/${action}`,
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-signature': seamlessSignature(options.secret ?? REFERENCE_PROVIDER_SECRET, raw),
    },
  });
};

/** A fresh game token for the member (by default the main one), as a launch issues it. */
const launch = async (token = memberToken): Promise<string> => {
  const response = await client.send({
    method: 'GET',
    url: `/wps/game/launchGame?nodeId=${nodeId}`,
    moduleId: 'GAMELO3',
    token,
  });
  return new URL(response.json().value.content.game_url).searchParams.get('token') ?? '';
};

const balance = async () =>
  (await client.send({ method: 'GET', url: '/wps/v2/wallets/balance', moduleId: 'COMM3', token: memberToken })).json()
    .value.balance[0].availBalance as string;

const count = async (sql: string, params: unknown[] = []) =>
  (await t.database.pool.query(sql, params)).rows[0].n as number;

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  memberToken = (await fundedMember(t, client, 'slotfan', 100_00n)).token;
  const { rows } = await t.database.pool.query<{ id: number }>(
    "SELECT id FROM games WHERE vendor_code = 'PT' AND game_type = 'RNG' ORDER BY id LIMIT 1",
  );
  nodeId = String(rows[0]?.id);
});
afterAll(async () => {
  await closeReconciled(t);
});

describe('the seamless wallet', () => {
  it('answers the balance of a live token, signed', async () => {
    const token = await launch();
    const response = await call('balance', { token });
    expect(response.json()).toMatchObject({ success: true, value: { balance: '100.00', currency: 'USD' } });
    expect(response.headers['x-signature']).toBe(seamlessSignature(REFERENCE_PROVIDER_SECRET, response.body));
  });

  it('keeps a game session alive while it is used: past half its life, a call gives it 30 minutes again', async () => {
    const token = await launch();
    const expiry = async () =>
      (
        await t.database.pool.query<{ left: number }>(
          "SELECT extract(epoch FROM expires_at - now())::int AS left FROM game_sessions WHERE token_hash = encode(sha256($1::bytea), 'hex')",
          [token],
        )
      ).rows[0]?.left;
    const fresh = await expiry();
    expect(fresh).toBeGreaterThan(29 * 60);
    await t.database.pool.query(
      "UPDATE game_sessions SET expires_at = now() + interval '20 minutes' WHERE token_hash = encode(sha256($1::bytea), 'hex')",
      [token],
    );
    expect((await call('balance', { token })).json().success).toBe(true);
    // Over half its life left: untouched.
    expect(await expiry()).toBeLessThanOrEqual(20 * 60);
    await t.database.pool.query(
      "UPDATE game_sessions SET expires_at = now() + interval '5 minutes' WHERE token_hash = encode(sha256($1::bytea), 'hex')",
      [token],
    );
    expect((await call('balance', { token })).json().success).toBe(true);
    expect(await expiry()).toBeGreaterThan(29 * 60);
  });

  it('refuses a bad signature, an unknown provider and an unknown token, changing nothing', async () => {
    const token = await launch();
    const bet = { token, transactionId: next('tx'), roundId: next('r'), amount: '1.00', currency: 'USD' };
    const forged = await call('bet', bet, { secret: 'someone-elses-secret' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().errorCode).toBe('provider_signature_invalid');
    expect((await call('bet', bet, { provider: 'NOPE' })).json().errorCode).toBe('provider_signature_invalid');
    const tampered = JSON.stringify(bet);
    const response = await t.request({
      method: 'POST',
      url: '/seamless/v1/DEMO/bet',
      payload: tampered.replace('1.00', '9.00'),
      headers: {
        'content-type': 'application/json',
        'x-signature': seamlessSignature(REFERENCE_PROVIDER_SECRET, tampered),
      },
    });
    expect(response.json().errorCode).toBe('provider_signature_invalid');
    expect((await call('bet', { ...bet, token: 'not-a-token' })).json().errorCode).toBe('game_token_invalid');
    expect(await balance()).toBe('100.00');
    expect(await count('SELECT count(*)::int AS n FROM seamless_transactions')).toBe(0);
  });

  it('takes a bet sent ten times at once exactly once, and answers every repeat with the first answer', async () => {
    const token = await launch();
    const bet = { token, transactionId: next('tx'), roundId: next('r'), amount: '2.50', currency: 'USD' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => call('bet', bet)));
    const bodies = answers.map((answer) => answer.json());
    expect(bodies.every((body) => body.success)).toBe(true);
    expect(new Set(bodies.map((body) => JSON.stringify(body.value))).size).toBe(1);
    expect(bodies[0].value).toMatchObject({ balance: '97.50', transactionId: bet.transactionId });
    expect(await balance()).toBe('97.50');
    expect(
      await count('SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = $1', [
        `seamless:DEMO:${bet.transactionId}`,
      ]),
    ).toBe(1);
    const different = await call('bet', { ...bet, amount: '3.00' });
    expect(different.statusCode).toBe(409);
    expect(different.json().errorCode).toBe('idempotency_conflict');
    const win = { token, transactionId: next('tx'), roundId: bet.roundId, amount: '5.00', currency: 'USD' };
    expect((await call('win', win)).json().value.balance).toBe('102.50');
    expect((await call('win', win)).json().value.balance).toBe('102.50');
    expect(await balance()).toBe('102.50');
  });

  it('refuses a win for a round with no bet, and takes it once the bet came', async () => {
    const token = await launch();
    const roundId = next('r');
    const win = { token, transactionId: next('tx'), roundId, amount: '1.00', currency: 'USD' };
    const early = await call('win', win);
    expect(early.statusCode).toBe(404);
    expect(early.json().errorCode).toBe('round_not_found');
    await call('bet', { token, transactionId: next('tx'), roundId, amount: '1.00', currency: 'USD' });
    expect((await call('win', win)).json().success).toBe(true);
    expect(await balance()).toBe('102.50');
    const after = await call('win', { ...win, transactionId: next('tx') });
    expect(after.json().errorCode).toBe('round_already_settled');
  });

  it('answers insufficient funds with the balance, moving nothing', async () => {
    const token = await launch();
    const response = await call('bet', {
      token,
      transactionId: next('tx'),
      roundId: next('r'),
      amount: '1000.00',
      currency: 'USD',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errorCode: 'insufficient_funds',
      value: { balance: '102.50', currency: 'USD' },
    });
    expect(
      (
        await call('bet', { token, transactionId: next('tx'), roundId: next('r'), amount: '1.00', currency: 'EUR' })
      ).json().errorCode,
    ).toBe('currency_mismatch');
    expect(
      (
        await call('bet', { token, transactionId: next('tx'), roundId: next('r'), amount: '0.001', currency: 'USD' })
      ).json().fieldErrors[0],
    ).toMatchObject({ path: 'amount', code: 'amount_too_precise' });
    expect(await balance()).toBe('102.50');
  });

  it('rolls a bet back once, refuses an unknown one and a bet that comes after its rollback', async () => {
    const token = await launch();
    const roundId = next('r');
    const bet = { token, transactionId: next('tx'), roundId, amount: '4.00', currency: 'USD' };
    await call('bet', bet);
    expect(await balance()).toBe('98.50');
    const rollback = { token, transactionId: next('tx'), roundId, referenceTransactionId: bet.transactionId };
    const first = (await call('rollback', rollback)).json();
    expect(first.value.balance).toBe('102.50');
    expect((await call('rollback', rollback)).json().value).toEqual(first.value);
    const another = await call('rollback', { ...rollback, transactionId: next('tx') });
    expect(another.json().value).toEqual(first.value);
    expect(await balance()).toBe('102.50');
    expect((await call('bet', { ...bet, transactionId: next('tx') })).json().errorCode).toBe('round_already_settled');

    const ghost = { token, transactionId: next('tx'), roundId: next('r'), referenceTransactionId: next('never-bet') };
    const unknown = await call('rollback', ghost);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe('bet_not_found');
    expect((await call('rollback', ghost)).json().errorCode).toBe('bet_not_found');
    const late = await call('bet', {
      token,
      transactionId: ghost.referenceTransactionId,
      roundId: ghost.roundId,
      amount: '1.00',
      currency: 'USD',
    });
    expect(late.json().errorCode).toBe('bet_rolled_back');
    expect(await balance()).toBe('102.50');
  });

  it('refuses a rollback after the round was won', async () => {
    const token = await launch();
    const roundId = next('r');
    const bet = { token, transactionId: next('tx'), roundId, amount: '1.00', currency: 'USD' };
    await call('bet', bet);
    await call('win', { token, transactionId: next('tx'), roundId, amount: '0', currency: 'USD' });
    const refused = await call('rollback', {
      token,
      transactionId: next('tx'),
      roundId,
      referenceTransactionId: bet.transactionId,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('round_already_settled');
    expect(await balance()).toBe('101.50');
  });

  it('accepts a win and a rollback after the game token expired, but no bet', async () => {
    const token = await launch();
    const roundA = next('r');
    const roundB = next('r');
    const betA = { token, transactionId: next('tx'), roundId: roundA, amount: '1.00', currency: 'USD' };
    const betB = { token, transactionId: next('tx'), roundId: roundB, amount: '2.00', currency: 'USD' };
    await call('bet', betA);
    await call('bet', betB);
    await t.database.pool.query("UPDATE game_sessions SET expires_at = now() - interval '1 minute'");
    expect((await call('bet', { ...betA, transactionId: next('tx'), roundId: next('r') })).json().errorCode).toBe(
      'game_token_invalid',
    );
    expect((await call('balance', { token })).json().errorCode).toBe('game_token_invalid');
    const win = await call('win', {
      token,
      transactionId: next('tx'),
      roundId: roundA,
      amount: '3.00',
      currency: 'USD',
    });
    expect(win.json().success).toBe(true);
    const rollback = await call('rollback', {
      token,
      transactionId: next('tx'),
      roundId: roundB,
      referenceTransactionId: betB.transactionId,
    });
    expect(rollback.json().success).toBe(true);
    expect(await balance()).toBe('103.50');
  });

  it('takes no stake from a locked member or a disabled merchant, yet settles the rounds under way', async () => {
    const member = await fundedMember(t, client, 'lockedfan', 50_00n);
    const token = await launch(member.token);
    const wallet = async () =>
      formatMinor(
        (
          await t.services.ledger.balance({
            merchantCode: 'demo',
            currency: 'USD',
            account: { member: member.memberId, wallet: 'main' },
          })
        ).available,
        'USD',
      );
    const rows = () =>
      count('SELECT count(*)::int AS n FROM seamless_transactions WHERE member_id = $1', [member.memberId]);
    const betA = { token, transactionId: next('tx'), roundId: next('r'), amount: '1.00', currency: 'USD' };
    const betB = { token, transactionId: next('tx'), roundId: next('r'), amount: '2.00', currency: 'USD' };
    expect((await call('bet', betA)).json().success).toBe(true);
    expect((await call('bet', betB)).json().success).toBe(true);
    const owner = await t.operatorToken();
    const setLocked = (locked: boolean) =>
      t.request({
        method: 'POST',
        url: `/api/admin/members/${member.memberId}/lock`,
        headers: { authorization: owner },
        payload: { locked, reason: locked ? 'risk review' : 'cleared' },
      });
    expect((await setLocked(true)).json().value.locked).toBe(true);
    const before = await rows();

    const refused = await call('bet', { ...betA, transactionId: next('tx'), roundId: next('r') });
    expect(refused.statusCode).toBe(423);
    expect(refused.json()).toMatchObject({ success: false, errorCode: 'account_locked' });
    // A stake added to a round already open is refused too.
    expect((await call('bet', { ...betA, transactionId: next('tx') })).json().errorCode).toBe('account_locked');
    expect((await call('balance', { token })).json().errorCode).toBe('account_locked');
    expect(await wallet()).toBe('47.00');
    expect(await rows()).toBe(before);

    // The round under way settles: its win is paid and the other bet can be rolled back.
    const win = await call('win', {
      token,
      transactionId: next('tx'),
      roundId: betA.roundId,
      amount: '2.00',
      currency: 'USD',
      roundClosed: false,
    });
    expect(win.json()).toMatchObject({ success: true, value: { balance: '49.00' } });
    const rollback = await call('rollback', {
      token,
      transactionId: next('tx'),
      roundId: betB.roundId,
      referenceTransactionId: betB.transactionId,
    });
    expect(rollback.json()).toMatchObject({ success: true, value: { balance: '51.00' } });
    expect(await wallet()).toBe('51.00');

    // Unlocked, the member stakes again; a disabled merchant takes no stake either.
    await setLocked(false);
    expect((await call('bet', { ...betA, transactionId: next('tx') })).json().value.balance).toBe('50.00');
    await t.database.pool.query("UPDATE merchants SET enabled = false WHERE code = 'demo'");
    try {
      const closed = await call('bet', { ...betA, transactionId: next('tx') });
      expect(closed.statusCode).toBe(403);
      expect(closed.json().errorCode).toBe('merchant_disabled');
      const settled = await call('win', {
        token,
        transactionId: next('tx'),
        roundId: betA.roundId,
        amount: '0',
        currency: 'USD',
        roundClosed: false,
      });
      expect(settled.json().success).toBe(true);
    } finally {
      await t.database.pool.query("UPDATE merchants SET enabled = true WHERE code = 'demo'");
    }
    expect(await wallet()).toBe('50.00');
  });

  it('keeps the betting record, the personal P&L and the winners board from the rounds', async () => {
    // The record's days are the merchant's (the demo merchant keeps Asia/Singapore time), not UTC's.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date());
    const history = (
      await client.send({
        method: 'GET',
        url: `/wps/bets/history?startDate=${today}&endDate=${today}&pageSize=100`,
        moduleId: 'COMM3',
        token: memberToken,
      })
    ).json().value;
    const statuses = history.list.map((row: { status: string }) => row.status);
    expect(statuses).toContain('settled');
    expect(statuses).toContain('cancelled');
    const won = history.list.find((row: { payout: string }) => row.payout === '5.00');
    expect(won).toMatchObject({
      betAmount: '2.50',
      winLoss: '2.50',
      gameType: 'RNG',
      vassalage: 'PT',
      status: 'settled',
    });
    expect(won.gameName.length).toBeGreaterThan(0);
    const profit = (
      await client.send({
        method: 'GET',
        url: `/wps/bets/profit?startDate=${today}&endDate=${today}`,
        moduleId: 'COMM3',
        token: memberToken,
      })
    ).json().value;
    // Settled rounds: 2.50 → 5.00, 1.00 → 1.00, 1.00 → 0, 1.00 → 3.00: staked 5.50, paid 9.00.
    expect(profit.total).toMatchObject({ betCount: 4, validBet: '5.50', payout: '9.00', winLoss: '3.50' });
    expect(profit.byGameType).toEqual([expect.objectContaining({ gameType: 'RNG', winLoss: '3.50' })]);
    const reversed = await client.send({
      method: 'GET',
      url: '/wps/bets/history?startDate=2026-02-01&endDate=2026-01-01',
      moduleId: 'COMM3',
      token: memberToken,
    });
    expect(reversed.json().errorCode).toBe('date_range_invalid');
    const entries: { vo: { winAmount: string; isDemo?: boolean } }[] = (
      await client.send({ method: 'GET', url: '/wps/relay/GCSGAME_getRankList?gameCategory=ALL&limitNum=20' })
    ).json().value.list;
    // The demo's seeded history fills the places left (decision 0065), labelled; the members' wins are all there.
    expect(entries).toHaveLength(20);
    const board = entries.filter((entry) => entry.vo.isDemo !== true);
    expect(board[0]?.vo).toMatchObject({ customerName: 'sl***n', winAmount: '5.00', gameType: 'RNG' });
    expect(board.map((entry: { vo: { winAmount: string } }) => entry.vo.winAmount)).toEqual(['5.00', '3.00', '1.00']);
  });
});
