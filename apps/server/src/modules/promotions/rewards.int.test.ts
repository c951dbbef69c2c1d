import { randomUUID } from 'node:crypto';
import type { Reward } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeReconciled } from '../../../test/close-reconciled';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { reconcileLedger } from '../ledger';

/** The reward centre's core: granting once per source key, claiming once through the ledger, and who may claim. */

let t: TestApp;
let client: ReturnType<typeof memberClient>;
const members: Record<string, { memberId: string; token: string }> = {};

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  client.send({ method, url, moduleId: 'REWCEN3', token, ...(payload ? { payload } : {}) });
const available = async (as: string) =>
  (await call('GET', '/wps/relay/MCSFE_getAvailablePromotions', members[as]?.token ?? '')).json();
const claim = (as: string, rewardId: string) =>
  call('POST', '/wps/relay/MCSFE_claimIssuedPromotion', members[as]?.token ?? '', { rewardId });

const grant = (as: string, sourceKey: string, amount: bigint, params = {}) =>
  t.services.rewards.grantReward({
    merchantCode: 'demo',
    memberId: members[as]?.memberId ?? '',
    kind: 'VIP_UPGRADE',
    sourceKey,
    amount,
    currency: 'USD',
    params,
  });

const mainBalance = async (as: string) =>
  (
    await t.services.ledger.balance({
      merchantCode: 'demo',
      currency: 'USD',
      account: { member: members[as]?.memberId ?? '', wallet: 'main' },
    })
  ).balance;

/** The rewards' rows and the ledger's reward transactions: what a refused request must leave alone. */
const snapshot = async () => ({
  rewards: (
    await t.database.pool.query(
      'SELECT id, status, claimed_at, ledger_transaction_id::text FROM member_rewards ORDER BY created_at, id',
    )
  ).rows,
  rewardTransactions: (
    await t.database.pool.query("SELECT count(*)::int AS n FROM ledger_transactions WHERE type = 'reward'")
  ).rows[0].n as number,
});

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  members.ana = await fundedMember(t, client, 'rewardana', 1_000n);
  members.ben = await fundedMember(t, client, 'rewardben', 1_000n);
  members.cal = await fundedMember(t, client, 'rewardcal', 1n);
});

afterAll(async () => {
  await closeReconciled(t);
});

describe('granting a reward', () => {
  it('keeps one reward per source key: a second grant answers the first and changes nothing', async () => {
    const first = await grant('ana', 'test:grant-once', 2_500n, { rankLevel: 1 });
    const again = await grant('ana', 'test:grant-once', 9_999n, { rankLevel: 7 });
    expect(first.isNew).toBe(true);
    expect(again).toEqual({ reward: first.reward, isNew: false });
    const rows = await t.database.pool.query(
      "SELECT amount::text, params FROM member_rewards WHERE source_key = 'test:grant-once'",
    );
    expect(rows.rows).toEqual([{ amount: '2500', params: { rankLevel: 1 } }]);
  });

  it('refuses a source key granted to another member, and amounts that are not above zero', async () => {
    await expect(grant('ben', 'test:grant-once', 100n)).rejects.toThrow(/another member/);
    await expect(grant('ben', 'test:zero', 0n)).rejects.toThrow(RangeError);
    await expect(grant('ben', 'has spaces', 1n)).rejects.toThrow(RangeError);
    expect((await available('ben')).value).toEqual({ availablePromoCount: 0, list: [] });
  });
});

describe('claiming a reward', () => {
  it('lists it with its count, pays it into the main wallet once, and moves it to the claimed history', async () => {
    const { reward } = await grant('ben', 'test:claim-once', 1_250n, { rankLevel: 2 });
    const listed = await available('ben');
    expect(listed.value.availablePromoCount).toBe(1);
    expect(listed.value.list).toEqual([
      {
        id: reward.id,
        kind: 'VIP_UPGRADE',
        amount: '12.50',
        currency: 'USD',
        status: 'available',
        params: { rankLevel: 2 },
        createdAt: reward.createdAt.toISOString(),
        claimedAt: null,
        reference: null,
      },
    ]);

    const before = await mainBalance('ben');
    const claimed = await claim('ben', reward.id);
    expect(claimed.statusCode).toBe(200);
    const value = claimed.json().value as Reward;
    expect(value).toMatchObject({ id: reward.id, status: 'claimed', amount: '12.50' });
    expect(value.claimedAt).not.toBeNull();
    expect(value.reference).toMatch(/^R[0-9A-F]{12}$/);
    expect(await mainBalance('ben')).toBe(before + 1_250n);

    const [posted] = (
      await t.database.pool.query(
        `SELECT t.id::text, t.idempotency_key, t.reference, r.ledger_transaction_id::text AS linked
           FROM ledger_transactions t JOIN member_rewards r ON r.ledger_transaction_id = t.id
          WHERE r.id = $1`,
        [reward.id],
      )
    ).rows;
    expect(posted).toMatchObject({ idempotency_key: `reward:${reward.id}`, reference: value.reference });
    // The money came out of the merchant's promotions account.
    const house = await t.services.ledger.balance({
      merchantCode: 'demo',
      currency: 'USD',
      account: { house: 'promotions' },
    });
    expect(house.balance).toBeLessThanOrEqual(-1_250n);

    expect((await available('ben')).value).toEqual({ availablePromoCount: 0, list: [] });
    const history = (await call('GET', '/wps/relay/MCS2_getPromotionClaimList', members.ben?.token ?? '')).json();
    expect(history.value).toMatchObject({ pageNo: 1, totalPages: 1, total: 1 });
    expect(history.value.list).toEqual([value]);

    const state = await snapshot();
    const twice = await claim('ben', reward.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errorCode).toBe('reward_already_claimed');
    expect(await snapshot()).toEqual(state);
    expect(await mainBalance('ben')).toBe(before + 1_250n);
  });

  it('pays once when the same reward is claimed many times at once, and the ledger stays balanced', async () => {
    const { reward } = await grant('cal', 'test:concurrent', 7_700n);
    const answers = await Promise.all(Array.from({ length: 8 }, () => claim('cal', reward.id)));
    const codes = answers.map((answer) => answer.json().errorCode ?? 'ok').sort();
    expect(codes).toEqual(['ok', ...Array.from({ length: 7 }, () => 'reward_already_claimed')]);
    expect(await mainBalance('cal')).toBe(7_701n);
    const credits = await t.database.pool.query(
      `SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = $1`,
      [`reward:${reward.id}`],
    );
    expect(credits.rows[0].n).toBe(1);
    const report = await reconcileLedger(t.database.pool);
    expect(report.filter((check) => check.discrepancies > 0)).toEqual([]);
  });

  it("answers not_found for another member's reward and for an unknown id, and changes nothing", async () => {
    const { reward } = await grant('ana', 'test:not-yours', 500n);
    const state = await snapshot();
    for (const id of [reward.id, randomUUID()]) {
      const answer = await claim('ben', id);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().errorCode).toBe('not_found');
    }
    expect(await snapshot()).toEqual(state);
    expect((await available('ben')).value.availablePromoCount).toBe(0);
  });

  it('refuses a malformed id with a field error and changes nothing', async () => {
    const state = await snapshot();
    const answer = await claim('ana', 'not-a-uuid');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      errorCode: 'validation_failed',
      fieldErrors: [{ path: 'rewardId', code: 'field_invalid' }],
    });
    expect(await snapshot()).toEqual(state);
  });

  it('refuses a free-play trial account with the real-account error and pays nothing', async () => {
    members.trial = await client.freePlay();
    const { reward } = await grant('trial', 'test:trial', 300n);
    const state = await snapshot();
    const answer = await claim('trial', reward.id);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().errorCode).toBe('in_need_true_account');
    expect(await snapshot()).toEqual(state);
  });

  it('is not offered where the merchant has no reward centre, and needs a session', async () => {
    const anonymous = await client.send({
      method: 'GET',
      url: '/wps/relay/MCSFE_getAvailablePromotions',
      moduleId: 'REWCEN3',
    });
    expect(anonymous.json().errorCode).toBe('login.not.session');
    await t.withModuleOff('REWCEN3', async () => {
      const answer = await call('GET', '/wps/relay/MCSFE_getAvailablePromotions', members.ana?.token ?? '');
      expect(answer.json().errorCode).toBe('function.not.available');
    });
  });
});

describe('the desk', () => {
  it("lists a member's rewards, newest first, and answers not_found for a member it does not know", async () => {
    const owner = await t.operatorToken();
    const answer = await t.request({
      method: 'GET',
      url: `/api/admin/merchants/demo/members/${members.ben?.memberId}/rewards`,
      headers: { authorization: owner },
    });
    expect(answer.json().value).toMatchObject({ total: 1, list: [{ status: 'claimed', amount: '12.50' }] });
    const unknown = await t.request({
      method: 'GET',
      url: `/api/admin/merchants/demo/members/${randomUUID()}/rewards`,
      headers: { authorization: owner },
    });
    expect(unknown.json().errorCode).toBe('not_found');
  });
});
