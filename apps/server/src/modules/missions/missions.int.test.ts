import { randomUUID } from 'node:crypto';
import type { GameCategory } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { emit } from '../../platform/events';
import { reconcileLedger } from '../ledger';
import { periodKeyOf } from './missions.rules';

/**
 * Missions on the real PostgreSQL (decisions 0096-0097): progress from settled rounds, credited deposits and logins
 * delivered as events; a claim pays once through the ledger however many arrive together; a claim before completion
 * or of another member's row is refused and pays nothing; a new day starts a new row; the leaderboard ranks.
 */

const TZ = 'Asia/Singapore'; // the demo merchant's clock
const kit = {} as { t: TestApp; client: ReturnType<typeof memberClient>; owner: string };
const members: Record<string, { memberId: string; token: string }> = {};
const idOf = (as: string) => members[as]?.memberId ?? '';
const tokenOf = (as: string) => members[as]?.token ?? '';

const newMember = async (name: string) => {
  members[name] = await fundedMember(kit.t, kit.client, name, 1n);
  expect(members[name].token, `${name} signed in`).toEqual(expect.any(String));
  return members[name];
};
const get = async (as: string, url: string) =>
  (await kit.client.send({ method: 'GET', url, token: tokenOf(as) })).json();
const summaryOf = async (as: string) => {
  const answer = await get(as, '/wps/relay/MCSFE_getMissionSummaryDetails');
  expect(answer.success, JSON.stringify(answer)).toBe(true);
  return answer.value as {
    missionCount: number;
    missions: { id: string; periodKey: string; status: string; progress: string; target: string; reward: string }[];
  };
};
const rowOf = async (as: string, missionId: string, periodKey?: string) =>
  (await summaryOf(as)).missions.find(
    (mission) => mission.id === missionId && (periodKey === undefined || mission.periodKey === periodKey),
  );
const claim = (as: string, missionId: string, periodKey: string) =>
  kit.client.send({
    method: 'POST',
    url: '/wps/relay/MCSFE_claimMission',
    token: tokenOf(as),
    payload: { missionId, periodKey },
  });
const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  kit.t.request({
    method,
    url: `/api/admin/merchants/demo/missions${url}`,
    headers: { authorization: kit.owner },
    payload,
  });
const mission = {
  kind: 'rounds',
  period: 'daily',
  category: 'all',
  target: '3',
  reward: '1.00',
  score: 10,
  titles: { EN: 'Play three rounds' },
  descriptions: {},
  enabled: true,
  sortOrder: 0,
};
const createMission = async (values: Record<string, unknown>) => {
  const answer = await admin('POST', '', { ...mission, ...values });
  expect(answer.json().success, answer.body).toBe(true);
  return answer.json().value as { id: string; target: string; figures: { total: { claimed: number; cost: string } } };
};
const disableAll = async () => {
  await kit.t.database.pool.query("UPDATE missions SET enabled = false WHERE merchant_code = 'demo'");
};
const bet = (as: string, gameType: GameCategory, minor: bigint) =>
  kit.t.services.bets.recordSettledRound({
    merchantCode: 'demo',
    memberId: idOf(as),
    source: 'test',
    provider: 'missions-test',
    roundRef: randomUUID(),
    gameId: 1,
    gameType,
    vendorCode: 'TEST',
    currency: 'USD',
    betAmount: minor,
    payout: 0n,
  });
const emitOne = async (work: (pg: import('pg').PoolClient) => Promise<void>) => {
  const pg = await kit.t.database.pool.connect();
  try {
    await pg.query('BEGIN');
    await work(pg);
    await pg.query('COMMIT');
  } finally {
    pg.release();
  }
};
const deposit = (memberId: string, amount: bigint, depositId = randomUUID()) =>
  emitOne((pg) => emit(pg, 'deposit.credited', { depositId, merchantCode: 'demo', memberId, currency: 'USD', amount }));
const settledAt = (memberId: string, at: Date) =>
  emitOne((pg) =>
    emit(pg, 'bet.settled', {
      roundId: randomUUID(),
      merchantCode: 'demo',
      memberId,
      source: 'test',
      provider: 'missions-test',
      roundRef: randomUUID(),
      gameType: 'RNG',
      currency: 'USD',
      betAmount: 100n,
      validBet: 100n,
      payout: 0n,
      settledAt: at.toISOString(),
    }),
  );
const mainWallet = async (as: string) =>
  (
    await kit.t.services.ledger.balance({
      merchantCode: 'demo',
      currency: 'USD',
      account: { member: idOf(as), wallet: 'main' },
    })
  ).available;
const drain = () => kit.t.services.events.drain();
const today = () => periodKeyOf('daily', TZ, new Date());

beforeAll(async () => {
  kit.t = await createTestApp({}, { events: { deliver: false } });
  kit.client = memberClient(kit.t);
  kit.owner = await kit.t.operatorToken();
}, 300_000);
afterAll(async () => {
  if (!kit.t) return;
  const report = await reconcileLedger(kit.t.database.pool);
  expect(report.filter((check) => check.discrepancies > 0)).toEqual([]);
  await kit.t?.close();
}, 120_000);

describe('the editor', () => {
  it('refuses bad missions field by field, writing nothing', async () => {
    const before = await kit.t.database.pool.query('SELECT count(*)::int AS n FROM missions');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ target: 'abc' }, 'target', 'field_invalid'],
      [{ target: '0' }, 'target', 'field_too_small'],
      [{ kind: 'login_days', period: 'daily', target: '2' }, 'target', 'field_too_large'],
      [{ kind: 'deposit', target: '10.001' }, 'target', 'amount_too_precise'],
      [{ reward: '-1' }, 'reward', 'amount_not_positive'],
      [{ reward: 'ten' }, 'reward', 'amount_not_numeric'],
      [{ titles: { CN: 'only chinese' } }, 'titles.EN', 'not_empty'],
      [{ score: 1001 }, 'score', 'field_too_large'],
    ];
    for (const [values, path, code] of cases) {
      const answer = (await admin('POST', '', { ...mission, ...values })).json();
      expect(answer.success, JSON.stringify(values)).toBe(false);
      expect(answer.fieldErrors, JSON.stringify(values)).toContainEqual(expect.objectContaining({ path, code }));
    }
    const after = await kit.t.database.pool.query('SELECT count(*)::int AS n FROM missions');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('audits each change, and an unknown mission is not found', async () => {
    const created = await createMission({ titles: { EN: 'Audited' } });
    const updated = await admin('PUT', `/${created.id}`, {
      ...mission,
      titles: { EN: 'Audited again' },
      enabled: false,
    });
    expect(updated.json().value.titles).toEqual({ EN: 'Audited again' });
    const audit = await kit.t.database.pool.query(
      "SELECT action FROM audit_log WHERE target = $1 AND action LIKE 'missions.%' ORDER BY id",
      [`mission:${created.id}`],
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['missions.create', 'missions.update']);
    const unknown = (await admin('PUT', `/${randomUUID()}`, mission)).json();
    expect(unknown.errorCode).toBe('not_found');
  });
});

describe('progress from events', () => {
  it('counts rounds, valid bet by category, deposits and login days; replays change nothing', async () => {
    await disableAll();
    const rounds = await createMission({ kind: 'rounds', target: '3', titles: { EN: 'Rounds' } });
    const live = await createMission({
      kind: 'valid_bet',
      period: 'weekly',
      category: 'live',
      target: '100.00',
      titles: { EN: 'Live' },
    });
    const deposits = await createMission({
      kind: 'deposit',
      period: 'once',
      target: '50.00',
      titles: { EN: 'Deposit' },
    });
    const login = await createMission({ kind: 'login_days', period: 'daily', target: '1', titles: { EN: 'Login' } });
    await newMember('msprog'); // its login (after the missions exist) is an event too
    const trial = await kit.client.freePlay();
    const publish = vi.spyOn(kit.t.services.realtime, 'publishToMember');
    const pushed = () =>
      publish.mock.calls
        .filter((call) => call[1] === idOf('msprog') && call[2] === 'missions.changed')
        .map((call) => (call[3] as { missionId: string }).missionId)
        .sort();

    await bet('msprog', 'INHOUSE', 100n);
    await bet('msprog', 'RNG', 100n);
    await bet('msprog', 'LIVE', 6_000n); // 60.00 live
    await bet('msprog', 'RNG', 10_000n); // not live
    await deposit(idOf('msprog'), 3_000n);
    await deposit(trial.memberId, 9_000n);
    await drain();

    let summary = await summaryOf('msprog');
    const find = (id: string) => summary.missions.find((row) => row.id === id);
    expect(find(rounds.id)).toMatchObject({ status: 'completed', progress: '3', target: '3' });
    expect(find(live.id)).toMatchObject({ status: 'in_progress', progress: '60.00', target: '100.00' });
    expect(find(deposits.id)).toMatchObject({ status: 'in_progress', progress: '30.00' });
    expect(find(login.id)).toMatchObject({ status: 'completed', progress: '1', periodKey: today() });
    expect(summary.missionCount).toBe(2);
    // Each completion is pushed to the member once, after it committed: the badge is read again (the completions'
    // own events are delivered by the next pass).
    await drain();
    expect(pushed()).toEqual([rounds.id, login.id].sort());

    await bet('msprog', 'LIVE', 5_000n); // 110.00 live: capped at the target
    await deposit(idOf('msprog'), 3_000n);
    await drain();
    summary = await summaryOf('msprog');
    expect(find(live.id)).toMatchObject({ status: 'completed', progress: '100.00' });
    expect(find(deposits.id)).toMatchObject({ status: 'completed', progress: '50.00' });
    expect(summary.missionCount).toBe(4);
    await drain();
    expect(pushed()).toEqual([rounds.id, login.id, live.id, deposits.id].sort());

    for (const subscriber of ['missions.bets', 'missions.deposits', 'missions.logins']) {
      await kit.t.services.events.replay(subscriber, 0n);
    }
    await drain();
    const progress = await kit.t.database.pool.query(
      'SELECT mission_id, progress::text FROM mission_progress WHERE member_id = $1 ORDER BY mission_id',
      [idOf('msprog')],
    );
    expect(progress.rows).toHaveLength(4);
    const board = await get('msprog', '/wps/relay/MCSFE_getMissionLeaderboard?period=daily');
    expect(board.value.me.score).toBe(40); // four missions of 10 points, each counted once
    expect(pushed()).toHaveLength(4); // replays complete nothing again, so push nothing
    publish.mockRestore();

    // The trial account made no progress.
    const trialRows = await kit.t.database.pool.query('SELECT 1 FROM mission_progress WHERE member_id = $1', [
      trial.memberId,
    ]);
    expect(trialRows.rowCount).toBe(0);
  });
});

describe('claiming', () => {
  it('refuses a claim before completion, of an unknown row, and of another member; nothing is paid', async () => {
    await disableAll();
    const rounds = await createMission({ kind: 'rounds', target: '5', titles: { EN: 'Five rounds' } });
    await newMember('msearly');
    await newMember('msother');
    await bet('msearly', 'RNG', 100n);
    for (let i = 0; i < 5; i += 1) await bet('msother', 'RNG', 100n);
    await drain();
    const before = await mainWallet('msearly');
    const early = (await claim('msearly', rounds.id, today())).json();
    expect(early).toMatchObject({ success: false, errorCode: 'mission_not_complete' });
    const unknown = (await claim('msearly', randomUUID(), today())).json();
    expect(unknown.errorCode).toBe('mission_not_found');
    const badKey = (await claim('msearly', rounds.id, 'tomorrow')).json();
    expect(badKey.errorCode).toBe('validation_failed');
    // msother's row is complete; msearly claiming the same mission reaches only its own row.
    expect((await rowOf('msother', rounds.id))?.status).toBe('completed');
    expect((await claim('msearly', rounds.id, today())).json().errorCode).toBe('mission_not_complete');
    expect(await mainWallet('msearly')).toBe(before);
    expect((await rowOf('msother', rounds.id))?.status).toBe('completed');
    const paid = await kit.t.database.pool.query("SELECT 1 FROM ledger_transactions WHERE type = 'mission_reward'");
    expect(paid.rowCount).toBe(0);
  });

  it('pays exactly once under 50 concurrent claims', async () => {
    await disableAll();
    const rounds = await createMission({ kind: 'rounds', target: '1', reward: '2.50', titles: { EN: 'One round' } });
    await newMember('msrace');
    await bet('msrace', 'RNG', 100n);
    await drain();
    const before = await mainWallet('msrace');
    const answers = await Promise.all(Array.from({ length: 50 }, () => claim('msrace', rounds.id, today())));
    const bodies = answers.map((answer) => answer.json());
    expect(answers.every((answer) => answer.statusCode < 500)).toBe(true);
    expect(bodies.filter((body) => body.success)).toHaveLength(1);
    expect(bodies.filter((body) => !body.success).map((body) => body.errorCode)).toEqual(
      Array(49).fill('mission_already_claimed'),
    );
    expect(bodies.find((body) => body.success).value).toMatchObject({ reward: '2.50', missionCount: 0 });
    expect((await mainWallet('msrace')) - before).toBe(250n);
    expect((await rowOf('msrace', rounds.id))?.status).toBe('claimed');
    const paid = await kit.t.database.pool.query(
      "SELECT count(*)::int AS n FROM ledger_transactions WHERE type = 'mission_reward' AND idempotency_key LIKE 'mission:%'",
    );
    expect(paid.rows[0].n).toBe(1);
    const list = (await admin('GET', '')).json().value.list as {
      id: string;
      figures: { total: { claimed: number; cost: string } };
    }[];
    expect(list.find((row) => row.id === rounds.id)?.figures.total).toMatchObject({ claimed: 1, cost: '2.50' });
  });
});

describe('periods', () => {
  it("starts a new row each day; yesterday's completed row stays claimable and on yesterday's board", async () => {
    await disableAll();
    const daily = await createMission({ kind: 'rounds', target: '2', score: 5, titles: { EN: 'Two a day' } });
    await newMember('msroll');
    const yesterday = new Date(Date.now() - 86_400_000);
    const yesterdayKey = periodKeyOf('daily', TZ, yesterday);
    await settledAt(idOf('msroll'), yesterday);
    await settledAt(idOf('msroll'), yesterday);
    await settledAt(idOf('msroll'), new Date());
    await drain();
    const summary = await summaryOf('msroll');
    const rows = summary.missions.filter((row) => row.id === daily.id);
    expect(rows.map((row) => [row.periodKey, row.status, row.progress])).toEqual([
      [today(), 'in_progress', '1'],
      [yesterdayKey, 'completed', '2'],
    ]);
    expect(summary.missionCount).toBe(1);
    const previous = await get('msroll', '/wps/relay/MCSFE_getMissionLeaderboard?period=daily&offset=1');
    expect(previous.value).toMatchObject({ periodKey: yesterdayKey, me: { score: 5, rank: 1 } });
    const current = await get('msroll', '/wps/relay/MCSFE_getMissionLeaderboard?period=daily');
    expect(current.value.me).toEqual({ score: 0, rank: null });
    expect((await claim('msroll', daily.id, yesterdayKey)).json().success).toBe(true);
    expect((await summaryOf('msroll')).missionCount).toBe(0);
  });

  it('keeps the terms a member started with when the operator edits the mission, and freezes its kind', async () => {
    await disableAll();
    const created = await createMission({ kind: 'rounds', target: '2', reward: '1.00', titles: { EN: 'Edit me' } });
    await newMember('msedit');
    await bet('msedit', 'RNG', 100n);
    await drain();
    const edited = await admin('PUT', `/${created.id}`, {
      ...mission,
      target: '10',
      reward: '9.00',
      titles: { EN: 'Edit me' },
    });
    expect(edited.json().success).toBe(true);
    expect(await rowOf('msedit', created.id)).toMatchObject({ target: '2', reward: '1.00', progress: '1' });
    const kind = (await admin('PUT', `/${created.id}`, { ...mission, kind: 'deposit', target: '10.00' })).json();
    expect(kind.errorCode).toBe('mission_in_use');
  });
});

describe('the leaderboard', () => {
  it('ranks by points with shared ranks and gives each member its own place', async () => {
    await disableAll();
    const one = await createMission({ kind: 'rounds', target: '1', score: 10, titles: { EN: 'One' } });
    const two = await createMission({ kind: 'rounds', target: '2', score: 5, titles: { EN: 'Two' } });
    expect(one.id).not.toBe(two.id);
    await newMember('msba');
    await newMember('msbb');
    await newMember('msbc');
    await bet('msba', 'RNG', 100n);
    await bet('msba', 'RNG', 100n); // 15
    await bet('msbb', 'RNG', 100n); // 10
    await bet('msbc', 'RNG', 100n); // 10
    await drain();
    const boardOf = async (as: string) => {
      const answer = await get(as, '/wps/relay/MCSFE_getMissionLeaderboard?period=weekly');
      expect(answer.success, `${as}: ${JSON.stringify(answer)}`).toBe(true);
      return answer.value as {
        me: { rank: number; score: number };
        top: { rank: number; name: string; score: number; isMe: boolean }[];
      };
    };
    const a = await boardOf('msba');
    const b = await boardOf('msbb');
    const c = await boardOf('msbc');
    expect(b.me.rank).toBe(c.me.rank);
    expect(b.me.rank).toBe(a.me.rank + 1);
    const mine = a.top.find((entry) => entry.isMe);
    expect(mine).toMatchObject({ rank: a.me.rank, score: a.me.score });
    expect(mine?.name).not.toContain('msba');
    const refused = await get('msba', '/wps/relay/MCSFE_getMissionLeaderboard?period=monthly');
    expect(refused.errorCode).toBe('validation_failed');
  });
});
