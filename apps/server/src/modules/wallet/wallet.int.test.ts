import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeReconciled } from '../../../test/close-reconciled';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** My wallet (transferFund) for a merchant that keeps separate game wallets: GCS_merchantWallet and GCS_walletTransfer. */

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let token: string;
let otherToken: string;

const api = (method: 'GET' | 'POST', url: string, payload?: unknown, as = token) =>
  client.send({ method, url, moduleId: 'COMM3', token: as, ...(payload ? { payload: payload as object } : {}) });
const move = (body: Record<string, unknown>, as = token) =>
  api('POST', '/wps/relay/GCS_walletTransfer', { requestId: randomUUID(), ...body }, as);

/** Available balance per wallet code, as the member's "my wallet" shows it. */
const balances = async (as = token): Promise<Record<string, string>> => {
  const value = (await api('GET', '/wps/wallet/wallets', undefined, as)).json().value;
  return Object.fromEntries(value.wallets.map((w: { code: string; available: string }) => [w.code, w.available]));
};
const transactionCount = async () =>
  (await t.database.pool.query("SELECT count(*)::int AS n FROM ledger_transactions WHERE type = 'wallet_transfer'"))
    .rows[0].n as number;

/** Replaces the demo merchant's game wallets through the back office, as an owner does. */
const setGameWallets = async (gameWallets: { code: string; name: string }[]) => {
  const headers = { authorization: await t.operatorToken() };
  const current = (await t.request({ method: 'GET', url: '/api/admin/merchants/demo', headers })).json().value;
  const saved = await t.request({
    method: 'PUT',
    url: '/api/admin/merchants/demo',
    headers,
    payload: { version: current.version, settings: { ...current.settings, gameWallets } },
  });
  expect(saved.json().success).toBe(true);
};

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  await setGameWallets([
    { code: 'slots', name: 'Slots' },
    { code: 'live', name: 'Live casino' },
  ]);
  ({ token } = await fundedMember(t, client, 'gamer', 100_000n));
  ({ token: otherToken } = await fundedMember(t, client, 'bystander', 5_000n));
});

afterAll(async () => {
  await closeReconciled(t);
});

describe('separate game wallets', () => {
  it('answers isSingle false and lists the main wallet beside each game wallet', async () => {
    expect((await api('GET', '/wps/relay/GCS_merchantWallet')).json().value).toEqual({ isSingle: false });
    const value = (await api('GET', '/wps/wallet/wallets')).json().value;
    expect(value).toEqual({
      currency: 'USD',
      isSingle: false,
      wallets: [
        { code: 'main', name: 'main', available: '1000.00', held: '0.00' },
        { code: 'slots', name: 'Slots', available: '0.00', held: '0.00' },
        { code: 'live', name: 'Live casino', available: '0.00', held: '0.00' },
      ],
    });
  });

  it('moves money into a game wallet and back, each move in the account record with the balance after', async () => {
    const into = await move({ from: 'main', to: 'slots', amount: '250.50' });
    expect(into.json().value.wallets.map((w: { available: string }) => w.available)).toEqual([
      '749.50',
      '250.50',
      '0.00',
    ]);
    const back = await move({ from: 'slots', to: 'main', amount: '50' });
    expect(back.json().success).toBe(true);
    expect(await balances()).toEqual({ main: '799.50', slots: '200.50', live: '0.00' });
    const record = (await api('GET', '/wps/member/transactions?type=wallet_transfer')).json().value.list;
    expect(
      record.map((e: { wallet: string; amount: string; balanceAfter: string }) => [e.wallet, e.amount, e.balanceAfter]),
    ).toEqual(
      expect.arrayContaining([
        ['main', '-250.50', '749.50'],
        ['slots', '250.50', '250.50'],
        ['slots', '-50.00', '200.50'],
        ['main', '50.00', '799.50'],
      ]),
    );
    expect(record).toHaveLength(4);
    // The header balance is the main wallet's: money in a game wallet is not spendable on the site.
    const header = (await api('GET', '/wps/v2/wallets/balance')).json().value;
    expect(header.balance[0]).toMatchObject({ wallet: 'main', availBalance: '799.50' });
  });

  it('applies one request id once, in sequence and at once, and refuses it with another amount', async () => {
    const requestId = randomUUID();
    const body = { requestId, from: 'main', to: 'live', amount: '10' };
    const before = await transactionCount();
    const sequential = [];
    for (let i = 0; i < 3; i += 1) sequential.push((await api('POST', '/wps/relay/GCS_walletTransfer', body)).json());
    const concurrent = await Promise.all(
      Array.from({ length: 5 }, () => api('POST', '/wps/relay/GCS_walletTransfer', body).then((r) => r.json())),
    );
    expect([...sequential, ...concurrent].every((answer) => answer.success)).toBe(true);
    expect(await transactionCount()).toBe(before + 1);
    expect(await balances()).toEqual({ main: '789.50', slots: '200.50', live: '10.00' });
    const changed = await api('POST', '/wps/relay/GCS_walletTransfer', { ...body, amount: '11' });
    expect(changed.json().errorCode).toBe('idempotency_conflict');
    expect(await transactionCount()).toBe(before + 1);
  });

  it('refuses bad input and more than a wallet holds, each with its code, and moves nothing', async () => {
    const before = { balances: await balances(), transactions: await transactionCount() };
    const cases: [Record<string, unknown>, string, { path: string; code: string } | null][] = [
      [
        { from: 'main', to: 'slots', amount: 'abc' },
        'validation_failed',
        { path: 'amount', code: 'amount_not_numeric' },
      ],
      [
        { from: 'main', to: 'slots', amount: '0' },
        'validation_failed',
        { path: 'amount', code: 'amount_not_positive' },
      ],
      [
        { from: 'main', to: 'slots', amount: '-5' },
        'validation_failed',
        { path: 'amount', code: 'amount_not_positive' },
      ],
      [
        { from: 'main', to: 'slots', amount: '1.005' },
        'validation_failed',
        { path: 'amount', code: 'amount_too_precise' },
      ],
      [{ from: 'main', to: 'slots', amount: '' }, 'validation_failed', { path: 'amount', code: 'not_empty' }],
      [{ from: 'main', to: 'poker', amount: '1' }, 'validation_failed', { path: 'to', code: 'field_not_allowed' }],
      [{ from: 'bonus', to: 'slots', amount: '1' }, 'validation_failed', { path: 'from', code: 'field_not_allowed' }],
      [{ from: 'slots', to: 'live', amount: '1' }, 'validation_failed', { path: 'to', code: 'field_not_allowed' }],
      [{ from: 'slots', to: 'slots', amount: '1' }, 'validation_failed', { path: 'to', code: 'field_invalid' }],
      [{ from: 'Main!', to: 'slots', amount: '1' }, 'validation_failed', { path: 'from', code: 'field_invalid' }],
      [
        { from: 'main', to: 'slots', amount: '789.51' },
        'insufficient_funds',
        { path: 'amount', code: 'insufficient_funds' },
      ],
      [
        { from: 'slots', to: 'main', amount: '200.51' },
        'insufficient_funds',
        { path: 'amount', code: 'insufficient_funds' },
      ],
      [
        { from: 'live', to: 'main', amount: '10.01' },
        'insufficient_funds',
        { path: 'amount', code: 'insufficient_funds' },
      ],
    ];
    for (const [body, errorCode, field] of cases) {
      const answer = (await move(body)).json();
      expect(answer.errorCode, JSON.stringify(body)).toBe(errorCode);
      if (field) expect(answer.fieldErrors, JSON.stringify(body)).toContainEqual(expect.objectContaining(field));
    }
    const missingRequestId = await api('POST', '/wps/relay/GCS_walletTransfer', {
      from: 'main',
      to: 'slots',
      amount: '1',
    });
    expect(missingRequestId.json().fieldErrors).toContainEqual(expect.objectContaining({ path: 'requestId' }));
    expect(await balances()).toEqual(before.balances);
    expect(await transactionCount()).toBe(before.transactions);
  });

  it('keeps each member to its own wallets, and a held withdrawal out of reach', async () => {
    // Another member moving with the same request id moves its own money, not this member's.
    const requestId = randomUUID();
    const mine = await move({ requestId, from: 'main', to: 'slots', amount: '5' });
    const theirs = await move({ requestId, from: 'main', to: 'slots', amount: '5' }, otherToken);
    expect(mine.json().success && theirs.json().success).toBe(true);
    expect(await balances(otherToken)).toEqual({ main: '45.00', slots: '5.00', live: '0.00' });
    expect(await balances()).toEqual({ main: '784.50', slots: '205.50', live: '10.00' });
    const [gamer] = (await t.database.pool.query("SELECT id FROM members WHERE username = 'gamer'")).rows;
    await t.services.ledger.hold({
      merchantCode: 'demo',
      currency: 'USD',
      idempotencyKey: `test-hold:${randomUUID()}`,
      account: { member: gamer.id, wallet: 'main' },
      amount: 78_000n,
    });
    const overHeld = await move({ from: 'main', to: 'live', amount: '4.51' });
    expect(overHeld.json().errorCode).toBe('insufficient_funds');
    expect((await move({ from: 'main', to: 'live', amount: '4.50' })).json().success).toBe(true);
    expect(await balances()).toEqual({ main: '0.00', slots: '205.50', live: '14.50' });
  });

  it('refuses a trial account and, once the merchant drops its game wallets, answers function.not.available', async () => {
    const trial = await client.send({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      moduleId: 'FREEPLAY3',
      payload: { os: 'Linux', platform: 'W', botCheck: await client.botCheck() },
    });
    const trialToken = trial.json().value.token as string;
    expect((await move({ from: 'main', to: 'slots', amount: '1' }, trialToken)).json().errorCode).toBe(
      'in_need_true_account',
    );
    await setGameWallets([]);
    expect((await api('GET', '/wps/relay/GCS_merchantWallet')).json().value).toEqual({ isSingle: true });
    const before = await transactionCount();
    expect((await move({ from: 'slots', to: 'main', amount: '1' })).json().errorCode).toBe('function.not.available');
    expect(await transactionCount()).toBe(before);
  });
});
