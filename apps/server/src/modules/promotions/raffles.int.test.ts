import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath, resolve } from 'node:path';
import { drawRaffleWinners, hashServerSeed } from '@tessera/engines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantLikeDemo } from '../../../test/back-office';
import { closeReconciled } from '../../../test/close-reconciled';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { approvedDeposit, settledBet } from '../../../test/money-events';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { inTransaction } from '../../platform/db/transaction';
import type { MerchantContext } from '../../platform/principals';

/**
 * Raffles on the real PostgreSQL (decision 0122): members join, deposits and valid bets in the window earn tickets
 * once per event, the draw is committed and recomputable, two concurrent draw passes pay each prize once, and each
 * refusal (outside the window, twice, unknown, another merchant's, bad editor input) changes nothing.
 */

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let owner: string;
let merchant: MerchantContext;
const members: Record<string, { memberId: string; token: string }> = {};
const tokenOf = (as: string) => members[as]?.token ?? '';
const idOf = (as: string) => members[as]?.memberId ?? '';

const HOUR = 3_600_000;
const admin = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url: `/api/admin/merchants/demo${url}`, headers: { authorization: owner }, payload });
const site = (as: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  client.send({ method, url, moduleId: 'REWCEN3', token: tokenOf(as), ...(payload ? { payload } : {}) });
const count = async (sql: string, params: unknown[] = []) =>
  (await t.database.pool.query(sql, params)).rows[0].n as number;
const mainWallet = async (memberId: string) =>
  (
    await t.services.ledger.balance({
      merchantCode: 'demo',
      currency: 'USD',
      account: { member: memberId, wallet: 'main' },
    })
  ).available;

const input = (values: Record<string, unknown> = {}) => ({
  texts: { EN: { title: `Raffle ${randomUUID().slice(0, 8)}`, text: 'Win big' } },
  ticketsFrom: new Date(Date.now() - HOUR).toISOString(),
  ticketsTo: new Date(Date.now() + HOUR).toISOString(),
  drawAt: new Date(Date.now() + HOUR).toISOString(),
  ticketPerDeposit: '10',
  ticketPerValidBet: '5',
  prizes: ['50', '20'],
  ...values,
});
const create = async (values: Record<string, unknown> = {}) => {
  const answer = await admin('POST', '/raffles', input(values));
  expect(answer.json().success, answer.body).toBe(true);
  return answer.json().value as { id: string; seedHash: string; status: string };
};
const status = async (as: string, id: string) => {
  const answer = await site(as, 'GET', `/wps/relay/MCSFE_getRafflePromotionStatus?promotionId=${id}`);
  expect(answer.json().success, answer.body).toBe(true);
  return answer.json().value.list[0] as {
    state: string;
    myTickets: number;
    totalTickets: number;
    joined: boolean;
    seedHash: string;
    serverSeed: string | null;
    winners: { prizeIndex: number; amount: string; username: string; mine: boolean; entryNo: number }[];
  };
};
const join = (as: string, id: string, path = 'MCS2_claimRafflePromotion') =>
  site(as, 'POST', `/wps/relay/${path}`, { promotionId: id });

const bet = (as: string, stake: bigint) => settledBet(t, idOf(as), stake, 'raffle-test');
const deposit = (as: string, amount: string) => approvedDeposit(t, merchant, idOf(as), amount);

const later = () => new Date(Date.now() + 2 * HOUR);
const tables = async () =>
  count(`SELECT (SELECT count(*) FROM raffles) + (SELECT count(*) FROM raffle_entries)
    + (SELECT count(*) FROM raffle_ticket_sources) + (SELECT count(*) FROM raffle_winners) AS n`);

beforeAll(async () => {
  t = await createTestApp({}, { events: { deliver: false } });
  client = memberClient(t);
  owner = await t.operatorToken();
  merchant = await t.services.merchants.resolve({ code: 'demo', host: '' });
  for (const name of ['raf1', 'raf2', 'raf3', 'rafbad', 'rafx'])
    members[name] = await fundedMember(t, client, name, 1n);
}, 300_000);

afterAll(async () => {
  await closeReconciled(t);
}, 120_000);

describe('the editor', () => {
  it('creates a raffle with a committed seed and audits it', async () => {
    const created = await create();
    expect(created.status).toBe('open');
    const seed = (await t.database.pool.query('SELECT server_seed FROM raffles WHERE id = $1', [created.id])).rows[0]
      .server_seed as string;
    expect(hashServerSeed(seed)).toBe(created.seedHash);
    expect(
      await count("SELECT count(*)::int AS n FROM audit_log WHERE action = 'raffle.create' AND target = $1", [
        `raffle:${created.id}`,
      ]),
    ).toBe(1);
    // The member sees the commitment, never the seed before the draw.
    const seen = await status('raf3', created.id);
    expect(seen).toMatchObject({ state: 'open', seedHash: created.seedHash, serverSeed: null, myTickets: 0 });
  });

  it('refuses bad input with per-field errors and writes nothing', async () => {
    const before = await tables();
    const past = await admin(
      'POST',
      '/raffles',
      input({
        ticketsFrom: new Date(Date.now() - 3 * HOUR).toISOString(),
        ticketsTo: new Date(Date.now() - 2 * HOUR).toISOString(),
        drawAt: new Date(Date.now() - HOUR).toISOString(),
      }),
    );
    expect(past.json().fieldErrors).toEqual([
      expect.objectContaining({ path: 'ticketsTo', code: 'raffle_window_past' }),
    ]);
    const early = await admin('POST', '/raffles', input({ drawAt: new Date(Date.now() + HOUR / 2).toISOString() }));
    expect(early.json().fieldErrors).toEqual([
      expect.objectContaining({ path: 'drawAt', code: 'raffle_draw_before_close' }),
    ]);
    const prizes = await admin('POST', '/raffles', input({ prizes: ['10', 'abc', '0'] }));
    expect(prizes.json().errorCode).toBe('validation_failed');
    const paths = (prizes.json().fieldErrors as { path: string }[]).map((e) => e.path);
    expect(paths).toEqual(['prizes.1', 'prizes.2']);
    const huge = await admin('POST', '/raffles', input({ prizes: ['99999999999999'] }));
    expect(huge.json().fieldErrors).toEqual([expect.objectContaining({ path: 'prizes.0', code: 'field_too_large' })]);
    const none = await admin('POST', '/raffles', input({ prizes: [] }));
    expect(none.json().fieldErrors).toEqual([
      expect.objectContaining({ path: 'prizes', code: 'raffle_prizes_required' }),
    ]);
    const noRule = await admin('POST', '/raffles', input({ ticketPerDeposit: '', ticketPerValidBet: '' }));
    expect(noRule.json().fieldErrors).toEqual([
      expect.objectContaining({ path: 'ticketPerDeposit', code: 'raffle_no_ticket_rule' }),
    ]);
    expect(await tables()).toBe(before);
  });
});

describe('joining', () => {
  it('refuses outside the window, twice, unknown and another merchant raffle, each with its own code', async () => {
    const future = await create({
      ticketsFrom: new Date(Date.now() + HOUR).toISOString(),
      ticketsTo: new Date(Date.now() + 2 * HOUR).toISOString(),
      drawAt: new Date(Date.now() + 3 * HOUR).toISOString(),
    });
    const open = await create();
    const other = await merchantLikeDemo(t, 'rafother');
    const theirs = await t.services.raffles.create(other, t.services.raffles.judge(other, input()), null, null);
    // A raffle whose window just closed (written directly: the editor refuses a past window).
    const closed = await create({
      ticketsTo: new Date(Date.now() + 60_000).toISOString(),
      drawAt: new Date(Date.now() + HOUR).toISOString(),
    });
    await t.database.pool.query("UPDATE raffles SET tickets_to = now() - interval '1 second' WHERE id = $1", [
      closed.id,
    ]);

    expect((await join('rafbad', open.id)).json().success).toBe(true);
    const before = await tables();
    expect((await join('rafbad', future.id)).json().errorCode).toBe('raffle_not_started');
    expect((await join('rafbad', closed.id)).json().errorCode).toBe('raffle_ended');
    expect((await join('rafbad', open.id, 'MCSFE_claimRafflePromotion')).json().errorCode).toBe(
      'raffle_already_joined',
    );
    expect((await join('rafbad', randomUUID())).json().errorCode).toBe('raffle_not_found');
    expect((await join('rafbad', theirs.id)).json().errorCode).toBe('raffle_not_found');
    expect((await join('rafbad', 'not-a-uuid')).json().errorCode).toBe('validation_failed');
    const unknownStatus = await site(
      'rafbad',
      'GET',
      `/wps/relay/MCSFE_getRafflePromotionStatus?promotionId=${theirs.id}`,
    );
    expect(unknownStatus.json().errorCode).toBe('raffle_not_found');
    expect(await tables()).toBe(before);
  });

  it('50 concurrent joins of one member make one entry', async () => {
    const { id } = await create();
    const answers = await Promise.all(Array.from({ length: 50 }, () => join('raf3', id)));
    expect(answers.filter((a) => a.json().success)).toHaveLength(1);
    expect(new Set(answers.filter((a) => !a.json().success).map((a) => a.json().errorCode))).toEqual(
      new Set(['raffle_already_joined']),
    );
    expect(await count('SELECT count(*)::int AS n FROM raffle_entries WHERE raffle_id = $1', [id])).toBe(1);
  });
});

describe('earning tickets and the draw', () => {
  it('counts deposits and valid bets after the join once each, draws fairly, pays once under concurrent passes', async () => {
    const raffle = await create({ prizes: ['50', '20', '5'] });
    // Before joining nothing counts.
    await bet('raf1', 1_000n);
    await t.services.events.drain();
    expect((await status('raf1', raffle.id)).myTickets).toBe(0);

    expect((await join('raf1', raffle.id)).json().value).toMatchObject({ state: 'joined', joined: true, myTickets: 0 });
    expect((await join('raf2', raffle.id, 'MCSFE_claimRafflePromotion')).json().value).toMatchObject({
      state: 'joined',
    });

    await deposit('raf1', '55'); // 5 tickets (one per 10.00; the bank channel's minimum is 50.00)
    await bet('raf1', 1_200n); // 12.00 valid: 2 tickets (one per 5.00) ...
    await bet('raf1', 300n); // ... 15.00 in all: 3
    await bet('raf2', 500n); // 1 ticket
    await t.services.events.drain();
    expect((await status('raf1', raffle.id)).myTickets).toBe(8);
    expect((await status('raf2', raffle.id)).myTickets).toBe(1);

    // A replayed event adds nothing: the same deposit and the same round delivered again.
    const sources = await t.database.pool.query(
      'SELECT source_key FROM raffle_ticket_sources WHERE raffle_id = $1 ORDER BY source_key',
      [raffle.id],
    );
    expect(sources.rows).toHaveLength(4);
    const keys = sources.rows.map((r) => r.source_key as string);
    const depositId = String(keys.find((k) => k.startsWith('deposit:'))).slice(8);
    await inTransaction(t.database.pool, (tx) =>
      t.services.raffles.onDeposit(tx, {
        depositId,
        merchantCode: 'demo',
        memberId: idOf('raf1'),
        currency: 'USD',
        amount: '5500',
      } as never),
    );
    const roundId = String(keys.find((k) => k.startsWith('bet:'))).slice(4);
    await inTransaction(t.database.pool, (tx) =>
      t.services.raffles.onBet(tx, {
        roundId,
        merchantCode: 'demo',
        memberId: idOf('raf1'),
        source: 'test',
        provider: 'raffle-test',
        roundRef: 'x',
        gameType: 'RNG',
        currency: 'USD',
        betAmount: '1200',
        validBet: '1200',
        payout: '0',
        settledAt: new Date().toISOString(),
      } as never),
    );
    expect((await status('raf1', raffle.id)).myTickets).toBe(8);

    // Two concurrent draw passes: the prizes are paid once.
    const balances = { raf1: await mainWallet(idOf('raf1')), raf2: await mainWallet(idOf('raf2')) };
    const postingsBefore = await count(
      "SELECT count(*)::int AS n FROM ledger_transactions WHERE type = 'raffle_prize'",
    );
    const when = later();
    const [a, b] = await Promise.all([t.services.raffles.drawDue(when), t.services.raffles.drawDue(when)]);
    expect(await count('SELECT count(*)::int AS n FROM raffle_winners WHERE raffle_id = $1', [raffle.id])).toBe(2);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(await t.services.raffles.drawDue(when)).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM ledger_transactions WHERE type = 'raffle_prize'")).toBe(
      postingsBefore + 2,
    );
    // Two entrants, three prizes: the first two prizes go one to each, the third stays with the house.
    expect((await mainWallet(idOf('raf1'))) + (await mainWallet(idOf('raf2')))).toBe(
      balances.raf1 + balances.raf2 + 7_000n,
    );

    // Anyone recomputes the winners from the revealed seed and the published ticket list.
    const seen = await status('raf1', raffle.id);
    expect(seen.state).toBe('drawn');
    expect(hashServerSeed(seen.serverSeed as string)).toBe(raffle.seedHash);
    const record = (await site('raf3', 'GET', `/wps/raffles/draw?promotionId=${raffle.id}`)).json().value as {
      entries: { entryNo: number; tickets: number }[];
      winners: { prizeIndex: number; entryNo: number; amountMinor: string }[];
      serverSeed: string;
    };
    expect(record.entries).toEqual([
      { entryNo: 1, tickets: 8 },
      { entryNo: 2, tickets: 1 },
    ]);
    const expected = drawRaffleWinners({
      serverSeed: record.serverSeed,
      raffleId: raffle.id,
      holders: record.entries.map((e) => ({ key: String(e.entryNo), tickets: e.tickets })),
      prizes: 3,
    });
    expect(record.winners.map((w) => [w.prizeIndex, String(w.entryNo), w.amountMinor])).toEqual(
      expected.map((w) => [w.prizeIndex, w.key, ['5000', '2000', '500'][w.prizeIndex]]),
    );
    // The independent verifier (scripts/verify-raffle.mjs, node:crypto only) agrees with the published record.
    const file = joinPath(mkdtempSync(joinPath(tmpdir(), 'raffle-')), 'draw.json');
    writeFileSync(file, JSON.stringify(record));
    const script = resolve(import.meta.dirname, '../../../../../scripts/verify-raffle.mjs');
    const verified = spawnSync(process.execPath, [script, '--file', file], { encoding: 'utf8' });
    expect(verified.stdout).toContain('seed OK, winners OK');
    expect(verified.status).toBe(0);
    expect(seen.winners.filter((w) => w.mine)).toHaveLength(1);
    expect(seen.winners.every((w) => w.username.includes('***'))).toBe(true);
    // The back office names the same winners in full, in prize order.
    const listed = (await admin('GET', '/raffles')).json().value.list.find((r: { id: string }) => r.id === raffle.id);
    const usernames = await t.database.pool.query('SELECT id, username FROM members WHERE id = ANY($1::uuid[])', [
      [idOf('raf1'), idOf('raf2')],
    ]);
    const nameOf = new Map(usernames.rows.map((r) => [r.id as string, r.username as string]));
    const byEntry = [nameOf.get(idOf('raf1')), nameOf.get(idOf('raf2'))];
    expect(
      listed.winners.map((w: { prizeIndex: number; entryNo: number; username: string; amount: string }) => [
        w.prizeIndex,
        w.entryNo,
        w.username,
        w.amount,
      ]),
    ).toEqual(
      record.winners.map((w) => [w.prizeIndex, w.entryNo, byEntry[w.entryNo - 1], ['50.00', '20.00'][w.prizeIndex]]),
    );

    // Events after the draw add nothing; the winners get one inbox message per prize, even if the event repeats.
    await bet('raf2', 5_000n);
    await t.services.events.drain();
    expect((await status('raf2', raffle.id)).myTickets).toBe(1);
    expect(
      await count("SELECT count(*)::int AS n FROM member_messages WHERE type = 'raffle_won' AND dedupe_key LIKE $1", [
        `raffle:${raffle.id}:%`,
      ]),
    ).toBe(2);
  });
});
