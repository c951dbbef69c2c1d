import { randomUUID } from 'node:crypto';
import type { RankProgress } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeReconciled } from '../../../test/close-reconciled';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * The VIP programme on the member site: the demo ladder (Bronze 50 / 200 / bonus 5, Silver 500 / 2,000 / 18, Gold
 * 2,000 / 10,000 / 58, ...: deposits / valid bets / upgrade bonus in USD), a member's level from credited deposits
 * and valid bets, kept once reached, and each reached level's bonus granted once as a reward.
 */

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let owner: string;
let bankChannel: string;
const members: Record<string, { memberId: string; token: string }> = {};

const tokenOf = (as: string) => members[as]?.token ?? '';
const progress = async (as: string, language?: string): Promise<RankProgress> => {
  const answer = await client.send({
    method: 'GET',
    url: '/wps/relay/MCSFE_getPlayerRankProgress',
    moduleId: 'VIP3',
    token: tokenOf(as),
    ...(language ? { headers: { language } } : {}),
  });
  const body = answer.json();
  if (!body.success) throw new Error(`rank progress failed: ${answer.body}`);
  return body.value;
};
const availableRewards = async (as: string) =>
  (
    await client.send({
      method: 'GET',
      url: '/wps/relay/MCSFE_getAvailablePromotions',
      moduleId: 'REWCEN3',
      token: tokenOf(as),
    })
  ).json().value;

/** A bank-transfer deposit the member declares and the desk approves: credited, so it counts. */
const deposit = async (as: string, amount: string) => {
  const order = (
    await client.send({
      method: 'POST',
      url: '/wps/cashier/deposits',
      moduleId: 'COMM3',
      token: tokenOf(as),
      payload: { channelId: bankChannel, amount, payerNote: 'VIP payer' },
    })
  ).json().value;
  const decided = await t.request({
    method: 'POST',
    url: `/api/admin/merchants/demo/deposits/${order.id}/decision`,
    headers: { authorization: owner },
    payload: { approve: true },
  });
  expect(decided.json().value.status).toBe('succeeded');
};

/** A settled round in the betting record: its stake counts as a valid bet. */
const bet = (as: string, minor: bigint, currency = 'USD') =>
  t.services.bets.recordSettledRound({
    merchantCode: 'demo',
    memberId: members[as]?.memberId ?? '',
    source: 'test',
    provider: 'vip-test',
    roundRef: randomUUID(),
    gameId: 1,
    gameType: 'RNG',
    vendorCode: 'TEST',
    currency,
    betAmount: minor,
    payout: 0n,
  });

const vipRewards = async (memberId: string) =>
  (
    await t.database.pool.query(
      `SELECT source_key, amount::text, status FROM member_rewards
        WHERE member_id = $1 AND kind = 'VIP_UPGRADE' ORDER BY source_key`,
      [memberId],
    )
  ).rows;

const setLevel = async (rankLevel: number, change: Record<string, string>) => {
  const { value } = (
    await t.request({
      method: 'GET',
      url: '/api/admin/merchants/demo/vip-levels',
      headers: { authorization: owner },
    })
  ).json();
  const level = value.levels.find((row: { rankLevel: number }) => row.rankLevel === rankLevel);
  const answer = await t.request({
    method: 'PUT',
    url: `/api/admin/merchants/demo/vip-levels/${rankLevel}`,
    headers: { authorization: owner },
    payload: {
      names: level.names,
      benefits: Object.fromEntries(
        Object.entries(level.benefits as Record<string, string[]>).map(([lang, lines]) => [lang, lines.join('\n')]),
      ),
      depositRequirement: level.depositRequirement,
      validBetRequirement: level.validBetRequirement,
      upgradeBonus: level.upgradeBonus,
      ...change,
    },
  });
  expect(answer.json().success).toBe(true);
};

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  owner = await t.operatorToken();
  for (const name of ['vipana', 'vipben', 'vipcal', 'vipdan', 'vipeve', 'vipcnt']) {
    members[name] = await fundedMember(t, client, name, 1n);
  }
  const channels = (
    await client.send({ method: 'GET', url: '/wps/cashier/channels', moduleId: 'COMM3', token: tokenOf('vipana') })
  ).json().value as { id: string; kind: string }[];
  bankChannel = channels.find((channel) => channel.kind === 'bank_transfer')?.id ?? '';
});

afterAll(async () => {
  await closeReconciled(t);
});

describe('the ladder', () => {
  it('shows every visitor the levels, lowest first, named in the asked language or else the default', async () => {
    const levels = async (language?: string) =>
      (
        await client.send({
          method: 'GET',
          url: '/wps/promotions/vip/levels',
          moduleId: 'VIP3',
          ...(language ? { headers: { language } } : {}),
        })
      ).json().value;
    const english = await levels();
    expect(english.currency).toBe('USD');
    expect(english.levels.map((level: { labelName: string }) => level.labelName)).toEqual([
      'Bronze',
      'Silver',
      'Gold',
      'Platinum',
      'Diamond',
    ]);
    expect(english.levels[0]).toEqual({
      rankLevel: 1,
      labelName: 'Bronze',
      depositRequirement: '50.00',
      validBetRequirement: '200.00',
      upgradeBonus: '5.00',
      benefits: ['Upgrade bonus on reaching the level'],
    });
    const chinese = await levels('CN');
    expect(chinese.levels[2]).toMatchObject({
      labelName: '黄金',
      benefits: ['晋级即得晋级奖金'],
    });
    // No German names in the demo: the merchant's default language stands in.
    expect((await levels('DE')).levels[2].labelName).toBe('Gold');
  });
});

describe('a member’s level', () => {
  it('starts at no level, counting only credited deposits (not a wallet credit) and valid bets', async () => {
    const start = await progress('vipana');
    expect(start).toEqual({
      hasVip: true,
      vipRankLevel: 0,
      vipLabelName: null,
      currency: 'USD',
      deposits: '0.00',
      validBets: '0.00',
      nextLevel: {
        rankLevel: 1,
        labelName: 'Bronze',
        upgradeBonus: '5.00',
        deposits: { current: '0.00', required: '50.00', percent: 0 },
        validBets: { current: '0.00', required: '200.00', percent: 0 },
      },
    });
    expect(await vipRewards(members.vipana?.memberId ?? '')).toEqual([]);
  });

  it('reaches the highest level whose requirements are all met, granting each level skipped its own bonus', async () => {
    await deposit('vipana', '100');
    await deposit('vipana', '500');
    await bet('vipana', 250_000n);
    // A bet in another currency does not count towards a USD ladder.
    await bet('vipana', 9_999_999n, 'EUR');
    const state = await progress('vipana', 'CN');
    expect(state).toMatchObject({
      hasVip: true,
      vipRankLevel: 2,
      vipLabelName: '白银',
      deposits: '600.00',
      validBets: '2500.00',
      nextLevel: {
        rankLevel: 3,
        labelName: '黄金',
        upgradeBonus: '58.00',
        deposits: { current: '600.00', required: '2000.00', percent: 30 },
        validBets: { current: '2500.00', required: '10000.00', percent: 25 },
      },
    });
    const id = members.vipana?.memberId ?? '';
    expect(await vipRewards(id)).toEqual([
      { source_key: `vip-upgrade:${id}:1`, amount: '500', status: 'available' },
      { source_key: `vip-upgrade:${id}:2`, amount: '1800', status: 'available' },
    ]);
    // Reading again grants nothing more.
    await progress('vipana');
    expect((await availableRewards('vipana')).availablePromoCount).toBe(2);
    expect(await vipRewards(id)).toHaveLength(2);
  });

  it("grants a level's bonus from the deposit and bet events, before the member reads anything", async () => {
    const id = members.vipeve?.memberId ?? '';
    await deposit('vipeve', '60');
    await bet('vipeve', 20_000n);
    // The subscribers (decision 0050) grant it once the events are delivered; no read of VIP state or rewards.
    await vi.waitFor(async () => expect(await vipRewards(id)).toHaveLength(1), { timeout: 30_000, interval: 100 });
    expect(await vipRewards(id)).toEqual([{ source_key: `vip-upgrade:${id}:1`, amount: '500', status: 'available' }]);
    expect((await progress('vipeve')).vipRankLevel).toBe(1);
    expect(await vipRewards(id)).toHaveLength(1);
    // The subscribers counted both events into the running totals that decide whether to evaluate.
    const totals = await t.database.pool.query(
      'SELECT deposits::text, valid_bets::text FROM vip_totals WHERE member_id = $1 AND currency = $2',
      [id, 'USD'],
    );
    expect(totals.rows).toEqual([{ deposits: '6000', valid_bets: '20000' }]);
  });

  it('counts a bet below the next level into the running totals and grants nothing', async () => {
    const id = members.vipcnt?.memberId ?? '';
    await bet('vipcnt', 1_000n);
    await vi.waitFor(
      async () => {
        const totals = await t.database.pool.query('SELECT valid_bets::text FROM vip_totals WHERE member_id = $1', [
          id,
        ]);
        expect(totals.rows).toEqual([{ valid_bets: '1000' }]);
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(await vipRewards(id)).toHaveLength(0);
  });

  it('keeps a level once reached when the ladder later asks more of it', async () => {
    await setLevel(2, { validBetRequirement: '3000' });
    try {
      expect(await progress('vipana')).toMatchObject({ vipRankLevel: 2, vipLabelName: 'Silver' });
      const row = await t.database.pool.query('SELECT rank_level FROM member_vip WHERE member_id = $1', [
        members.vipana?.memberId,
      ]);
      expect(row.rows).toEqual([{ rank_level: 2 }]);
    } finally {
      await setLevel(2, { validBetRequirement: '2000' });
    }
  });

  it('is granted by reading the reward centre too, and grants each level once under concurrent reads', async () => {
    await deposit('vipben', '60');
    await bet('vipben', 20_000n);
    const reads = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? availableRewards('vipben') : progress('vipben'))),
    );
    expect(reads).toHaveLength(6);
    const id = members.vipben?.memberId ?? '';
    expect(await vipRewards(id)).toEqual([{ source_key: `vip-upgrade:${id}:1`, amount: '500', status: 'available' }]);
    const listed = await availableRewards('vipben');
    expect(listed.availablePromoCount).toBe(1);
    expect(listed.list[0]).toMatchObject({ kind: 'VIP_UPGRADE', amount: '5.00', params: { rankLevel: 1 } });

    // Claimed, the bonus lands in the main wallet once.
    const claim = await client.send({
      method: 'POST',
      url: '/wps/relay/MCSFE_claimIssuedPromotion',
      moduleId: 'REWCEN3',
      token: tokenOf('vipben'),
      payload: { rewardId: listed.list[0].id },
    });
    expect(claim.json().value.status).toBe('claimed');
    const { balance } = await t.services.ledger.balance({
      merchantCode: 'demo',
      currency: 'USD',
      account: { member: id, wallet: 'main' },
    });
    // 1 cent of set-up funding, 60.00 deposited, 5.00 claimed.
    expect(balance).toBe(6_501n);
    expect((await progress('vipben')).vipRankLevel).toBe(1);
    expect(await vipRewards(id)).toEqual([{ source_key: `vip-upgrade:${id}:1`, amount: '500', status: 'claimed' }]);
  });

  it('grants no bonus for a level whose bonus is zero, yet ranks the member there', async () => {
    await setLevel(1, { upgradeBonus: '0' });
    try {
      await deposit('vipcal', '50');
      await bet('vipcal', 20_000n);
      expect((await progress('vipcal')).vipRankLevel).toBe(1);
      expect(await vipRewards(members.vipcal?.memberId ?? '')).toEqual([]);
    } finally {
      await setLevel(1, { upgradeBonus: '5' });
    }
  });

  it('leaves out a free-play trial account, and is not offered where the merchant has no VIP programme', async () => {
    members.trial = await client.freePlay();
    expect(await progress('trial')).toMatchObject({ hasVip: false, vipRankLevel: 0, nextLevel: null });
    expect(
      await t.database.pool.query('SELECT 1 FROM member_vip WHERE member_id = $1', [members.trial.memberId]),
    ).toMatchObject({ rowCount: 0 });

    await t.withModuleOff('VIP3', async () => {
      await deposit('vipdan', '600');
      await bet('vipdan', 300_000n);
      const answer = await client.send({
        method: 'GET',
        url: '/wps/relay/MCSFE_getPlayerRankProgress',
        moduleId: 'VIP3',
        token: tokenOf('vipdan'),
      });
      expect(answer.json().errorCode).toBe('function.not.available');
      // The reward centre still opens, and grants no VIP bonus while the programme is off.
      expect((await availableRewards('vipdan')).availablePromoCount).toBe(0);
    });
    // Back on, the levels reached meanwhile are granted at the next read: nothing was lost.
    expect((await progress('vipdan')).vipRankLevel).toBe(2);
    expect(await vipRewards(members.vipdan?.memberId ?? '')).toHaveLength(2);
  });
});
