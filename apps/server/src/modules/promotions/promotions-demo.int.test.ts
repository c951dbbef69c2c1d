import { hashServerSeed } from '@tessera/engines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * The demo's promotions and missions on a real start (issue 28): written once through the editors' judging, each
 * one a member meets on the promotions and missions pages in the member's language (else the merchant default), and
 * never written over what an operator has configured.
 */

let t: TestApp;
let client: ReturnType<typeof memberClient>;

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
}, 300_000);

afterAll(async () => {
  await t?.close();
});

const count = async (table: string) =>
  (await t.database.pool.query(`SELECT count(*)::int AS n FROM ${table} WHERE merchant_code = 'demo'`)).rows[0]
    .n as number;

describe('demo promotions and missions', () => {
  it('a test server has none; a real start writes them once, and a member can join and play them', async () => {
    expect(await count('promotions')).toBe(0);
    expect(await count('missions')).toBe(0);
    await t.services.promotions.seedDemo('demo');
    await t.services.missions.seedDemo('demo');
    await t.services.promotions.seedDemo('demo');
    await t.services.missions.seedDemo('demo');
    expect(await count('promotions')).toBe(4);
    expect(await count('missions')).toBe(4);

    const { token } = await fundedMember(t, client, 'demo-promos', 1_00n);
    const list = async (language: string) =>
      (
        await client.send({
          method: 'GET',
          url: '/wps/promotions/list',
          moduleId: 'COMM3',
          token,
          headers: { language },
        })
      ).json();
    const english = await list('EN');
    expect(english.success, JSON.stringify(english)).toBe(true);
    expect(english.value.list.map((p: { kind: string; state: string }) => [p.kind, p.state])).toEqual([
      ['first_deposit', 'join'],
      ['daily_login', expect.any(String)],
      ['turnover_challenge', 'join'],
      ['application', expect.any(String)],
    ]);
    expect(english.value.list[0]).toMatchObject({
      title: '100% first deposit bonus up to $100',
      percent: 100,
      maxAmount: '100.00',
      wageringMultiple: 10,
    });
    const chinese = await list('CN');
    expect(chinese.value.list[0].title).toBe('首存100%奖金，最高100美元');
    // A language the demo did not write reads the merchant default's.
    const thai = await list('TH');
    expect(thai.value.list[0].title).toBe('100% first deposit bonus up to $100');

    const joined = (
      await client.send({
        method: 'POST',
        url: '/wps/promotions/join',
        moduleId: 'COMM3',
        token,
        payload: { promotionId: english.value.list[0].id },
      })
    ).json();
    expect(joined.success, JSON.stringify(joined)).toBe(true);

    const summary = (
      await client.send({ method: 'GET', url: '/wps/relay/MCSFE_getMissionSummaryDetails', token })
    ).json();
    expect(summary.success, JSON.stringify(summary)).toBe(true);
    expect(summary.value.missions.map((m: { title: string }) => m.title)).toEqual([
      'Play 20 rounds today',
      'Bet $100 on slots this week',
      'Sign in on 3 days this week',
      'Deposit $50 in total',
    ]);
  });

  it('a real start writes one weekly raffle, committed to its seed, that a member joins in its own language', async () => {
    expect(await count('raffles')).toBe(0);
    await t.services.raffles.seedDemo('demo', 'USD');
    await t.services.raffles.seedDemo('demo', 'USD');
    expect(await count('raffles')).toBe(1);
    const [stored] = (
      await t.database.pool.query("SELECT server_seed, seed_hash FROM raffles WHERE merchant_code = 'demo'")
    ).rows;
    expect(hashServerSeed(stored.server_seed)).toBe(stored.seed_hash);

    const { token } = await fundedMember(t, client, 'demo-raffle', 1_00n);
    const status = async (language: string) =>
      (
        await client.send({
          method: 'GET',
          url: '/wps/relay/MCSFE_getRafflePromotionStatus',
          moduleId: 'REWCEN3',
          token,
          headers: { language },
        })
      ).json();
    const english = await status('EN');
    expect(english.success, JSON.stringify(english)).toBe(true);
    expect(english.value.list).toHaveLength(1);
    expect(english.value.list[0]).toMatchObject({
      title: 'Weekly raffle',
      state: 'open',
      prizes: ['100.00', '50.00', '20.00'],
      ticketPerDeposit: '10.00',
      ticketPerValidBet: '50.00',
      seedHash: stored.seed_hash,
      serverSeed: null,
    });
    expect((await status('CN')).value.list[0].title).toBe('每周抽奖');
    const joined = (
      await client.send({
        method: 'POST',
        url: '/wps/relay/MCS2_claimRafflePromotion',
        moduleId: 'REWCEN3',
        token,
        payload: { promotionId: english.value.list[0].id },
      })
    ).json();
    expect(joined.value).toMatchObject({ state: 'joined', joined: true });
  });

  it('leaves a merchant an operator has configured alone', async () => {
    await t.database.pool.query("UPDATE promotions SET enabled = false WHERE merchant_code = 'demo'");
    await t.services.promotions.seedDemo('demo');
    await t.services.missions.seedDemo('demo');
    expect(await count('promotions')).toBe(4);
    expect(await count('missions')).toBe(4);
  });
});
