import type { ReferralFriend, ReferralSummary } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeReconciled } from '../../../test/close-reconciled';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { hashPassword } from '../../platform/security/password';

/**
 * The referral programme on a real PostgreSQL: a friend's credited deposits reaching the qualifying total earn its
 * referrer one reward, however often and however concurrently the referrer's page or rewards are read; below the
 * total, switched off, with REFERRAL3 off, for another merchant's members or for trial accounts, nothing.
 */

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let ownerToken: string;
let passwordHash: string;

interface Member {
  id: string;
  merchantCode: string;
  account: string;
  type: number;
  token: string;
}

const newMember = async (
  username: string,
  options: { merchantCode?: string; referredBy?: Member; login?: boolean } = {},
): Promise<Member> => {
  const merchantCode = options.merchantCode ?? 'demo';
  const created = await t.services.members.create({
    merchantCode,
    username,
    account: username,
    nickname: username,
    passwordHash,
    referredById: options.referredBy?.id ?? null,
  });
  if (!('row' in created)) throw new Error(`member ${username} not created`);
  const token = options.login === false ? '' : await client.login(username, 'Secret123');
  return { id: created.row.id, merchantCode, account: username, type: created.row.type, token };
};

/** A crypto deposit the member declares and an operator approves: credited through the ledger like any other. */
const creditDeposit = async (member: Member, amount: string) => {
  const merchant = await t.services.merchants.resolve({ code: member.merchantCode, host: '' });
  const channel = (await t.services.cashier.listChannels(merchant)).find((row) => row.kind === 'crypto');
  if (!channel) throw new Error(`no crypto channel for ${member.merchantCode}`);
  const principal = { memberId: member.id, merchantCode: member.merchantCode, sessionId: 'test', type: member.type };
  const order = await t.services.cashier.createDeposit(merchant, principal, {
    channelId: channel.id,
    amount,
    payerNote: `tx-${member.account}-${amount}`,
  });
  await t.services.cashier.decideDeposit(merchant, order.id, { approve: true, reason: null, operatorId: 'tester' });
};

/** Registration through a referral link, as the register form sends it (with a mobile number, optional in the demo). */
const registerWithCode = async (username: string, mobile: string, referralCode: string) => {
  return client.sealed(
    'PUT',
    '/wps/member/register',
    {
      username,
      password: 'Secret123',
      confirmPassword: 'Secret123',
      mobileNum: mobile,
      countryDialingCode: '65',
      termsAccepted: true,
      referralCode,
      botCheck: await client.botCheck(),
    },
    { moduleId: 'REG3' },
  );
};

const site = (url: string, moduleId: string, token?: string) =>
  client.send({ method: 'GET', url, moduleId, ...(token ? { token } : {}) });
const summaryOf = (member: Member) => site('/wps/promotions/referral', 'REFERRAL3', member.token);
const summary = async (member: Member): Promise<ReferralSummary> => {
  const body = (await summaryOf(member)).json();
  if (!body.success) throw new Error(`summary failed: ${body.errorCode}`);
  return body.value;
};
const friends = async (member: Member, query = ''): Promise<{ list: ReferralFriend[]; totalPages: number }> =>
  (await site(`/wps/promotions/referral/friends${query}`, 'REFERRAL3', member.token)).json().value;
const availableRewardsOf = (member: Member) => site('/wps/relay/MCSFE_getAvailablePromotions', 'REWCEN3', member.token);
const availableRewards = async (member: Member) =>
  (await availableRewardsOf(member)).json().value as {
    availablePromoCount: number;
    list: { id: string; kind: string; amount: string; params: Record<string, unknown> }[];
  };
const merchantPromotions = async (moduleId = 'REFERRAL3') =>
  (await site('/wps/relay/MCSFE_getMerchantAvailablePromotions', moduleId)).json();

const setProgramme = async (settings: Partial<Record<string, unknown>>) => {
  const response = await t.request({
    method: 'PUT',
    url: '/api/admin/merchants/demo/referral-settings',
    headers: { authorization: ownerToken },
    payload: { enabled: true, rewardPerFriend: '10', qualifyingDeposits: '100', maxRewardedFriends: '', ...settings },
  });
  if (!response.json().success) throw new Error(`settings refused: ${response.body}`);
};

const setReferralModule = async (on: boolean) => {
  const demo = await t.services.merchants.get('demo');
  if (!demo) throw new Error('no demo merchant');
  const withoutReferral = demo.settings.whitelabel.filter((node) => node.modId !== 'REFERRAL3');
  const whitelabel = on
    ? [...withoutReferral, { modId: 'REFERRAL3', enabled: '1' as const, childrenNodes: [] }]
    : withoutReferral;
  await t.services.merchants.update('demo', demo.version, { ...demo.settings, whitelabel });
};

/** The referral rewards of a member, as stored. */
const referralRewards = async (member: Member) =>
  (
    await t.database.pool.query(
      `SELECT source_key, amount::text, currency, status, params FROM member_rewards
        WHERE member_id = $1 AND kind = 'REFERRAL' ORDER BY created_at, source_key`,
      [member.id],
    )
  ).rows as { source_key: string; amount: string; currency: string; status: string; params: unknown }[];

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  ownerToken = await t.operatorToken();
  passwordHash = await hashPassword('Secret123');
  const demo = await t.services.merchants.get('demo');
  if (!demo) throw new Error('no demo merchant');
  await t.services.merchants.createIfAbsent('other', { ...demo.settings, name: 'Other', domains: ['other.test'] });
  await t.services.cashier.ensureDemoChannels('other', 'USD');
  await setProgramme({});
});

afterAll(async () => {
  await closeReconciled(t);
});

/** Deposit events the referral subscriber has not yet been handed. */
const undeliveredDeposits = async (): Promise<number> => {
  const { rows } = await t.database.pool.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM events
     WHERE name = 'deposit.credited'
       AND (tx_id, id) > coalesce(
         (SELECT (last_tx_id, last_event_id) FROM event_cursors WHERE subscriber = 'promotions.referral.deposits'),
         (0::bigint, 0::bigint))`,
  );
  return Number(rows[0]?.n);
};

describe('a friend reaching the qualifying total', () => {
  it("earns the referrer its reward from the friend's deposit event, before the referrer reads anything", async () => {
    const referrer = await newMember('refsub');
    const friend = await newMember('friendsub', { referredBy: referrer, login: false });
    await creditDeposit(friend, '120');
    // The subscriber (decision 0050) grants it once the event is delivered; nothing of the referrer's was read.
    await vi.waitFor(async () => expect(await referralRewards(referrer)).toHaveLength(1), {
      timeout: 30_000,
      interval: 100,
    });
    expect((await referralRewards(referrer))[0]?.source_key).toBe(`referral:${friend.id}`);
    expect((await availableRewards(referrer)).availablePromoCount).toBe(1);
    expect(await referralRewards(referrer)).toHaveLength(1);
  });

  it('earns nothing below the total, then exactly one reward however often and concurrently it is evaluated', async () => {
    const referrer = await newMember('refana');
    const friend = await newMember('friendanna', { referredBy: referrer, login: false });

    await creditDeposit(friend, '30');
    await creditDeposit(friend, '69.99');
    expect(await summary(referrer)).toMatchObject({ friends: 1, qualified: 0, rewarded: 0, earned: '0.00' });
    expect((await availableRewards(referrer)).availablePromoCount).toBe(0);
    expect(await referralRewards(referrer)).toEqual([]);

    await creditDeposit(friend, '20');
    // The invite page (its head and its list) and the reward centre, read many times at once.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        index % 3 === 0
          ? summaryOf(referrer)
          : index % 3 === 1
            ? site('/wps/promotions/referral/friends', 'REFERRAL3', referrer.token)
            : availableRewardsOf(referrer),
      ),
    );
    expect(answers.map((answer) => answer.json().errorCode ?? 'ok')).toEqual(Array(12).fill('ok'));
    expect(await referralRewards(referrer)).toEqual([
      {
        source_key: `referral:${friend.id}`,
        amount: '1000',
        currency: 'USD',
        status: 'available',
        params: { friend: 'fr•••na' },
      },
    ]);
    for (let again = 0; again < 3; again++) await summary(referrer);
    expect(await referralRewards(referrer)).toHaveLength(1);

    expect(await summary(referrer)).toMatchObject({
      referralCode: expect.stringMatching(/^[A-Z2-9]{8}$/),
      terms: { currency: 'USD', rewardPerFriend: '10.00', qualifyingDeposits: '100.00', maxRewardedFriends: null },
      friends: 1,
      qualified: 1,
      rewarded: 1,
      currency: 'USD',
      earned: '10.00',
      waiting: '10.00',
    });
    const rewards = await availableRewards(referrer);
    expect(rewards.availablePromoCount).toBe(1);
    expect(rewards.list[0]).toMatchObject({ kind: 'REFERRAL', amount: '10.00', params: { friend: 'fr•••na' } });

    // Claimed in the reward centre: paid once through the ledger, and the page shows it claimed.
    const claim = await client.send({
      method: 'POST',
      url: '/wps/relay/MCSFE_claimIssuedPromotion',
      moduleId: 'REWCEN3',
      token: referrer.token,
      payload: { rewardId: rewards.list[0]?.id },
    });
    expect(claim.json().value).toMatchObject({ status: 'claimed', amount: '10.00' });
    const main = await t.services.ledger.balance({
      merchantCode: 'demo',
      currency: 'USD',
      account: { member: referrer.id, wallet: 'main' },
    });
    expect(main.balance).toBe(1_000n);
    expect(await summary(referrer)).toMatchObject({ rewarded: 1, earned: '10.00', waiting: '0.00' });
    expect((await friends(referrer)).list).toEqual([
      {
        account: 'fr•••na',
        joinedAt: expect.any(String),
        qualified: true,
        reward: { amount: '10.00', currency: 'USD', status: 'claimed' },
      },
    ]);
    expect(await referralRewards(referrer)).toHaveLength(1);
  });

  it('rewards the first friends to qualify up to the cap, and no more under concurrent reads', async () => {
    await setProgramme({ maxRewardedFriends: '2' });
    try {
      const referrer = await newMember('refben');
      const [first, second, third] = [
        await newMember('capfriend1', { referredBy: referrer, login: false }),
        await newMember('capfriend2', { referredBy: referrer, login: false }),
        await newMember('capfriend3', { referredBy: referrer, login: false }),
      ];
      if (!first || !second || !third) throw new Error('friends not created');
      // The third registered last but qualifies first.
      await creditDeposit(third, '100');
      await creditDeposit(first, '150');
      await creditDeposit(second, '100');
      await Promise.all(
        Array.from({ length: 8 }, (_, index) => (index % 2 ? summaryOf : availableRewardsOf)(referrer)),
      );
      expect((await referralRewards(referrer)).map((row) => row.source_key).sort()).toEqual(
        [`referral:${third.id}`, `referral:${first.id}`].sort(),
      );
      expect(await summary(referrer)).toMatchObject({ friends: 3, qualified: 3, rewarded: 2, earned: '20.00' });
      const list = (await friends(referrer)).list;
      expect(list.map((friend) => [friend.account, friend.qualified, friend.reward?.status ?? null])).toEqual([
        ['ca•••d3', true, 'available'],
        ['ca•••d2', true, null],
        ['ca•••d1', true, 'available'],
      ]);
    } finally {
      await setProgramme({});
    }
  });

  it('lists friends newest first with paging, and registration through the referral link makes a friend', async () => {
    const referrer = await newMember('refcal');
    const { referralCode } = await summary(referrer);
    const registered = await registerWithCode('linkfriend', '81230001', referralCode.toLowerCase());
    expect(registered.json().success).toBe(true);
    await newMember('latefriend', { referredBy: referrer, login: false });
    const first = await friends(referrer, '?pageNo=1&pageSize=1');
    expect(first.totalPages).toBe(2);
    expect(first.list.map((friend) => friend.account)).toEqual(['la•••nd']);
    const second = await friends(referrer, '?pageNo=2&pageSize=1');
    expect(second.list).toEqual([{ account: 'li•••nd', joinedAt: expect.any(String), qualified: false, reward: null }]);
    const bad = await site('/wps/promotions/referral/friends?pageSize=500', 'REFERRAL3', referrer.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors?.[0]?.path).toBe('pageSize');
  });
});

describe('when nothing is earned', () => {
  it('grants nothing while the programme is switched off, and the friend’s reward once it is on again', async () => {
    const referrer = await newMember('refdan');
    const friend = await newMember('pausedfriend', { referredBy: referrer, login: false });
    await setProgramme({ enabled: false });
    try {
      await creditDeposit(friend, '100');
      expect((await merchantPromotions()).value).toEqual({ REFERRAL: { enabled: false } });
      expect(await summary(referrer)).toMatchObject({ terms: null, friends: 1, qualified: 1, rewarded: 0 });
      expect((await friends(referrer)).list[0]).toMatchObject({ qualified: true, reward: null });
      expect((await availableRewards(referrer)).availablePromoCount).toBe(0);
      expect(await referralRewards(referrer)).toEqual([]);
    } finally {
      await setProgramme({});
    }
    expect((await merchantPromotions()).value).toEqual({ REFERRAL: { enabled: true } });
    expect((await availableRewards(referrer)).availablePromoCount).toBe(1);
    expect(await referralRewards(referrer)).toHaveLength(1);
  });

  it('grants nothing and serves no invite page while REFERRAL3 is off', async () => {
    const referrer = await newMember('refeve');
    const friend = await newMember('offfriend', { referredBy: referrer, login: false });
    await setReferralModule(false);
    try {
      // The friend qualifies while the programme is off: its deposit's event reaches the subscriber, which grants
      // nothing (decision 0050); the referrer's reads grant nothing either.
      await creditDeposit(friend, '120');
      await vi.waitFor(async () => expect(await undeliveredDeposits()).toBe(0), { timeout: 30_000, interval: 100 });
      const refused = await summaryOf(referrer);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errorCode).toBe('function.not.available');
      expect((await availableRewards(referrer)).availablePromoCount).toBe(0);
      expect((await merchantPromotions('REWCEN3')).value).toEqual({ REFERRAL: { enabled: false } });
      expect(await referralRewards(referrer)).toEqual([]);
    } finally {
      await setReferralModule(true);
    }
    expect((await availableRewards(referrer)).availablePromoCount).toBe(1);
  });

  it('never counts another merchant’s members, nor their deposits', async () => {
    const referrer = await newMember('reffay');
    // A row of another merchant naming this referrer (no registration can make one): it is no friend.
    const stranger = await newMember('otherfriend', { merchantCode: 'other', referredBy: referrer, login: false });
    await creditDeposit(stranger, '500');
    const friend = await newMember('samefriend', { referredBy: referrer, login: false });
    expect(await summary(referrer)).toMatchObject({ friends: 1, qualified: 0, rewarded: 0 });
    expect((await friends(referrer)).list.map((row) => row.account)).toEqual(['sa•••nd']);
    expect((await availableRewards(referrer)).availablePromoCount).toBe(0);
    await creditDeposit(friend, '99');
    expect(await summary(referrer)).toMatchObject({ qualified: 0, rewarded: 0 });
    expect(await referralRewards(referrer)).toEqual([]);
  });

  it('does not let a trial account refer or earn', async () => {
    const started = await client.send({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      moduleId: 'FREEPLAY3',
      payload: { os: 'Linux', platform: 'W', botCheck: await client.botCheck() },
    });
    const { token, member } = started.json().value as { token: string; member: { id: string; account: string } };
    const trial: Member = { id: member.id, merchantCode: 'demo', account: member.account, type: 4, token };
    for (const url of ['/wps/promotions/referral', '/wps/promotions/referral/friends']) {
      const refused = await site(url, 'REFERRAL3', token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errorCode).toBe('in_need_true_account');
    }
    // Its code is no referral link at registration.
    const [row] = (await t.database.pool.query('SELECT referral_code FROM members WHERE id = $1', [trial.id])).rows;
    const registered = await registerWithCode('trialfriend', '81230002', row.referral_code);
    expect(registered.statusCode).toBe(400);
    expect(registered.json().fieldErrors).toEqual([{ path: 'referralCode', code: 'referral_code_invalid' }]);
    // A friend row naming it anyway earns it nothing, and a trial friend earns a real referrer nothing either.
    const friend = await newMember('trialsfriend', { referredBy: trial, login: false });
    await creditDeposit(friend, '200');
    expect((await availableRewards(trial)).availablePromoCount).toBe(0);
    expect(await referralRewards(trial)).toEqual([]);
    const referrer = await newMember('refgus');
    await t.database.pool.query('UPDATE members SET referred_by_id = $1 WHERE id = $2', [referrer.id, trial.id]);
    expect(await summary(referrer)).toMatchObject({ friends: 0 });
  });

  it('needs a session for the invite page, while the merchant’s promotions are public', async () => {
    expect((await site('/wps/promotions/referral', 'REFERRAL3')).json().errorCode).toBe('login.not.session');
    expect((await merchantPromotions()).value).toEqual({ REFERRAL: { enabled: true } });
  });
});
