import { randomUUID } from 'node:crypto';
import type { LotteryDraw, LotteryGame, LotteryTicket, RealtimeServerMessage } from '@tessera/contracts';
import {
  drawFiveDigits,
  type FiveDigitBetType,
  fiveDigitWins,
  hashServerSeed,
  verifyFiveDigitDraw,
} from '@tessera/engines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeReconciled } from '../../../test/close-reconciled';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { waitFor } from '../../../test/wait-for';
import type { RealtimeConnection } from '../../platform/realtime';

let t: TestApp;
let client: ReturnType<typeof memberClient>;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const pushed: Extract<RealtimeServerMessage, { op: 'event' }>[] = [];
const START = 100_000n; // 1,000.00 USD

const query = async <T>(sql: string, values: unknown[] = []) => (await t.database.pool.query(sql, values)).rows as T[];
const api = (method: 'GET' | 'POST', url: string, as: string | null, payload?: unknown) =>
  client.send({
    method,
    url,
    moduleId: 'COMM3',
    ...(as ? { token: tokens[as] ?? '' } : {}),
    ...(payload ? { payload } : {}),
  });
const wallet = async (name: string) => {
  const [row] = await t.services.ledger.memberBalances({
    merchantCode: 'demo',
    currency: 'USD',
    memberId: ids[name] ?? '',
    wallets: ['main'],
  });
  return row;
};
const games = async () => (await api('GET', '/wps/lottery/games', null)).json().value as LotteryGame[];
const held = new Map<string, LotteryDraw>();
/**
 * The draw of a game taking bets, its window then stretched to an hour (the database clock decides, and a real
 * draw closes a few seconds before each minute): the same draw for the rest of the suite.
 */
const currentDraw = async (code: string): Promise<LotteryDraw> => {
  const known = held.get(code);
  if (known) return known;
  const game = (await games()).find((g) => g.code === code);
  if (!game?.current) throw new Error(`no draw of ${code}`);
  await query(
    `UPDATE lottery_draws SET opens_at = least(opens_at, now()), closes_at = now() + interval '1 hour',
       draw_at = now() + interval '1 hour' WHERE id = $1`,
    [game.current.id],
  );
  held.set(code, game.current);
  return game.current;
};
/** Brings a draw's time forward to now (the database clock decides), so the next pass draws it. */
const makeDue = (drawId: string) =>
  query(
    `UPDATE lottery_draws SET opens_at = now() - interval '2 minutes', closes_at = now() - interval '1 ms',
       draw_at = now() - interval '1 ms' WHERE id = $1`,
    [drawId],
  );
const buy = (as: string, draw: LotteryDraw, lines: unknown[], requestId: string = randomUUID()) =>
  api('POST', '/wps/lottery/tickets', as, { requestId, gameCode: draw.gameCode, drawNo: draw.drawNo, lines });
const drawRow = async (id: string) =>
  (
    await query<{ status: string; numbers: number[] | null; server_seed: string; seed_hash: string; draw_no: string }>(
      'SELECT status, numbers::int[] AS numbers, server_seed, seed_hash, draw_no FROM lottery_draws WHERE id = $1',
      [id],
    )
  )[0];
const count = async (sql: string, values: unknown[] = []) => (await query<{ n: number }>(sql, values))[0]?.n ?? 0;

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  for (const name of ['ann', 'ben', 'cat', 'dan']) {
    const member = await fundedMember(t, client, `lot${name}`, START);
    tokens[name] = member.token;
    ids[name] = member.memberId;
  }
  const listener: RealtimeConnection = {
    merchantCode: 'demo',
    memberId: null,
    topics: new Set(),
    send: (message) => {
      if (message.op === 'event') pushed.push(message);
    },
  };
  t.services.realtime.attach(listener);
  expect(await t.services.realtime.subscribe(listener, 'lottery')).toBeNull();
  await t.services.lottery.runDue();
}, 180_000);

afterAll(async () => {
  await closeReconciled(t);
});

describe('lottery games and commitments', () => {
  it('lists the fast games with bet types, exact returns and the draw taking bets, its seed kept secret', async () => {
    const list = await games();
    expect(list.map((g) => [g.code, g.intervalSeconds])).toEqual([
      ['FAST1', 60],
      ['FAST3', 180],
      ['FAST5', 300],
      ['SEA4D', 3600],
      ['VNC', 86_400],
      ['VNN', 86_400],
      ['VNS', 86_400],
    ]);
    const fast1 = list[0] as LotteryGame;
    expect(fast1.betTypes.find((b) => b.betType === 'position')).toEqual({
      betType: 'position',
      odds: ['9.75'],
      rtpMin: '97.5000',
      rtpMax: '97.5000',
    });
    expect(fast1.betTypes.find((b) => b.betType === 'sum')?.odds).toHaveLength(46);
    expect(fast1.current?.status).toBe('open');
    expect(fast1.current?.serverSeed).toBeNull();
    expect(fast1.current?.seedHash).toMatch(/^[0-9a-f]{64}$/);
    // The next draw's commitment exists before it opens.
    expect(
      await count(
        `SELECT count(*)::int AS n FROM lottery_draws d JOIN lottery_games g ON g.id = d.game_id
         WHERE g.code = 'FAST1' AND d.opens_at > now()`,
      ),
    ).toBeGreaterThanOrEqual(1);
    const stored = await drawRow(fast1.current?.id ?? '');
    expect(hashServerSeed(stored?.server_seed ?? '')).toBe(fast1.current?.seedHash);
  });
});

describe('tickets, the draw and settlement', () => {
  it('holds the stakes, draws from the committed seed, pays winners once, and announces every ticket settled', async () => {
    const draw = await currentDraw('FAST1');
    const lines = [
      { betType: 'position', position: 0, numbers: [3], stake: '10.00' },
      { betType: 'position_big_small', position: 1, side: 'big', stake: '5.00' },
      { betType: 'sum_odd_even', side: 'odd', stake: '2.50' },
      { betType: 'front2', numbers: [1, 2], stake: '1.00' },
      { betType: 'sum', numbers: [22], stake: '1.00' },
    ];
    const bought = await buy('ann', draw, lines);
    expect(bought.json().success).toBe(true);
    const tickets = bought.json().value.tickets as LotteryTicket[];
    expect(tickets.map((x) => [x.status, x.stake, x.odds])).toEqual([
      ['pending', '10.00', '9.75'],
      ['pending', '5.00', '1.95'],
      ['pending', '2.50', '1.95'],
      ['pending', '1.00', '97.50'],
      ['pending', '1.00', expect.any(String)],
    ]);
    expect(await wallet('ann')).toMatchObject({ balance: START, available: START - 1950n });
    expect(await count("SELECT count(*)::int AS n FROM bet_rounds WHERE source = 'lottery' AND status = 'open'")).toBe(
      5,
    );

    await makeDue(draw.id);
    await t.services.lottery.runDue();
    const stored = await drawRow(draw.id);
    expect(stored?.status).toBe('settled');
    const numbers = drawFiveDigits({
      serverSeed: stored?.server_seed ?? '',
      gameCode: 'FAST1',
      drawNo: draw.drawNo,
      beacon: null,
    });
    expect(stored?.numbers).toEqual(numbers);

    const mine = (await api('GET', '/wps/lottery/tickets', 'ann')).json().value.list as LotteryTicket[];
    let expectedPayout = 0n;
    for (const ticket of mine) {
      const wins = fiveDigitWins(
        {
          betType: ticket.betType as FiveDigitBetType,
          ...(ticket.position === null ? {} : { position: ticket.position }),
          ...(ticket.numbers === null ? {} : { numbers: ticket.numbers }),
          ...(ticket.side === null ? {} : { side: ticket.side }),
        },
        numbers,
      );
      expect(ticket.status).toBe(wins ? 'won' : 'lost');
      const stake = BigInt(ticket.stake.replace('.', ''));
      const payout = wins ? (stake * BigInt(ticket.odds.replace('.', ''))) / 100n : 0n;
      expect(ticket.payout.replace('.', '').replace(/^0+(?=\d)/, '')).toBe(payout.toString());
      expect(ticket.drawNumbers).toEqual(numbers);
      expectedPayout += payout;
    }
    expect(await wallet('ann')).toMatchObject({
      balance: START - 1950n + expectedPayout,
      available: START - 1950n + expectedPayout,
    });
    // Every ticket is a settled round of the betting record, each announced once as bet.settled.
    expect(
      await count("SELECT count(*)::int AS n FROM bet_rounds WHERE source = 'lottery' AND status = 'settled'"),
    ).toBe(5);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM events WHERE name = 'bet.settled' AND payload->>'source' = 'lottery'
           AND payload->>'memberId' = $1`,
        [ids.ann],
      ),
    ).toBe(5);
    // The result went out on the lottery topic with the seed revealed.
    await waitFor(async () =>
      pushed.some((m) => m.type === 'lottery.draw' && (m.data as { draw: LotteryDraw }).draw.id === draw.id),
    );
    const event = pushed.find(
      (m) => m.type === 'lottery.draw' && (m.data as { draw: LotteryDraw }).draw.id === draw.id,
    );
    expect((event?.data as { draw: LotteryDraw } | undefined)?.draw).toMatchObject({
      numbers,
      serverSeed: stored?.server_seed,
    });
    // A second pass changes nothing.
    const postings = await count('SELECT count(*)::int AS n FROM ledger_transactions');
    await t.services.lottery.runDue();
    expect(await count('SELECT count(*)::int AS n FROM ledger_transactions')).toBe(postings);
  });

  it('settles every ticket exactly once when several runners settle one draw at the same time', async () => {
    const draw = await currentDraw('FAST3');
    const lines = Array.from({ length: 20 }, (_, i) => ({
      betType: 'position',
      position: i % 5,
      numbers: [i % 10],
      stake: '1.00',
    }));
    for (const name of ['ben', 'cat', 'dan']) expect((await buy(name, draw, lines)).json().success).toBe(true);
    await makeDue(draw.id);
    const [drawn] = (await t.services.lottery.drawDue()).filter((d) => d.id.toString() === draw.id);
    if (!drawn) throw new Error('not drawn');
    await Promise.all([
      t.services.lottery.settleDraw(drawn),
      t.services.lottery.settleDraw(drawn),
      t.services.lottery.settleDraw(drawn),
      t.services.lottery.runDue(),
    ]);
    expect(
      await count("SELECT count(*)::int AS n FROM lottery_tickets WHERE draw_id = $1 AND status = 'pending'", [
        draw.id,
      ]),
    ).toBe(0);
    const winners = lines.filter((l) => drawn.numbers?.[l.position] === l.numbers[0]).length;
    for (const name of ['ben', 'cat', 'dan']) {
      expect(await wallet(name)).toMatchObject({ balance: START - 2000n + BigInt(winners) * 975n, held: 0n });
    }
    // One capture per member and, with a win, one payout per member (decision 0100).
    expect(
      await count(
        `SELECT count(*)::int AS n FROM ledger_transactions WHERE type = 'lottery_stake' AND reference = $1`,
        [draw.id],
      ),
    ).toBe(3);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM ledger_transactions WHERE type = 'lottery_payout' AND reference = $1`,
        [draw.id],
      ),
    ).toBe(winners > 0 ? 3 : 0);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM events WHERE name = 'bet.settled' AND payload->>'roundRef' IN
           (SELECT id::text FROM lottery_tickets WHERE draw_id = $1)`,
        [draw.id],
      ),
    ).toBe(60);
    expect((await drawRow(draw.id))?.status).toBe('settled');
  });
});

describe('bad input holds and pays nothing', () => {
  it('refuses each bad ticket with its own code', async () => {
    const draw = await currentDraw('FAST5');
    const before = await wallet('ann');
    const code = async (lines: unknown[], d: LotteryDraw = draw) => {
      const answer = (await buy('ann', d, lines)).json();
      return [answer.errorCode, answer.value?.fieldErrors?.[0]?.path ?? answer.fieldErrors?.[0]?.path ?? null];
    };
    // An unknown bet type has its own code (decision 0108), as does a 4D bet type on a fast game.
    expect(await code([{ betType: 'jackpot', numbers: [1], stake: '1.00' }])).toEqual([
      'lottery_bet_type_unknown',
      'lines.0.betType',
    ]);
    expect(await code([{ betType: 'big', numbers: [1], stake: '1.00' }])).toEqual([
      'lottery_bet_type_unknown',
      'lines.0.betType',
    ]);
    expect(await code([{ betType: 'position', position: 7, numbers: [1], stake: '1.00' }])).toEqual([
      'lottery_selection_invalid',
      expect.anything(),
    ]);
    expect((await code([{ betType: 'front3', numbers: [1, 2, 10], stake: '1.00' }]))[0]).toBe(
      'lottery_selection_invalid',
    );
    expect((await code([{ betType: 'position', position: 1, numbers: [1], stake: '0.50' }]))[0]).toBe(
      'lottery_stake_out_of_limits',
    );
    expect((await code([{ betType: 'position', position: 1, numbers: [1], stake: '20000.00' }]))[0]).toBe(
      'lottery_stake_out_of_limits',
    );
    // A good line and a bad one: neither is bought.
    expect(
      (
        await code([
          { betType: 'position', position: 1, numbers: [1], stake: '1.00' },
          { betType: 'sum', numbers: [46], stake: '1.00' },
        ])
      )[0],
    ).toBe('lottery_selection_invalid');
    expect(
      (
        await code([{ betType: 'position', position: 1, numbers: [1], stake: '1.00' }], { ...draw, drawNo: '19990101' })
      )[0],
    ).toBe('lottery_betting_closed');
    expect(await wallet('ann')).toEqual(before);
  });

  it('refuses a bet after the close, and answers a retried purchase with its first tickets', async () => {
    const draw = await currentDraw('FAST5');
    const before = await wallet('ann');
    const requestId = randomUUID();
    const line = [{ betType: 'position', position: 2, numbers: [4], stake: '3.00' }];
    const first = (await buy('ann', draw, line, requestId)).json().value.tickets as LotteryTicket[];
    const again = (await buy('ann', draw, line, requestId)).json().value.tickets as LotteryTicket[];
    expect(again.map((x) => x.id)).toEqual(first.map((x) => x.id));
    expect((await wallet('ann'))?.available).toBe((before?.available ?? 0n) - 300n);
    await query(`UPDATE lottery_draws SET closes_at = now() - interval '1 ms' WHERE id = $1`, [draw.id]);
    expect((await buy('ann', draw, line)).json().errorCode).toBe('lottery_betting_closed');
    expect((await wallet('ann'))?.available).toBe((before?.available ?? 0n) - 300n);
    await query(`UPDATE lottery_draws SET closes_at = now() + interval '1 hour' WHERE id = $1`, [draw.id]);
  });

  it('refuses trial accounts and visitors', async () => {
    const draw = await currentDraw('FAST5');
    const trial = await client.freePlay();
    const answer = await client.send({
      method: 'POST',
      url: '/wps/lottery/tickets',
      moduleId: 'COMM3',
      token: trial.token,
      payload: { requestId: randomUUID(), gameCode: 'FAST5', drawNo: draw.drawNo, lines: [] },
    });
    expect(answer.json().success).toBe(false);
    expect((await api('GET', '/wps/lottery/tickets', null)).json().success).toBe(false);
  });
});

describe('the back office', () => {
  it('cancels an open draw with a reason, refunding every ticket once, audited; a drawn one cannot be', async () => {
    const owner = await t.operatorToken();
    const draw = await currentDraw('FAST5');
    const before = await wallet('ben');
    expect(
      (await buy('ben', draw, [{ betType: 'straight5', numbers: [1, 2, 3, 4, 5], stake: '2.00' }])).json().success,
    ).toBe(true);
    expect((await wallet('ben'))?.available).toBe((before?.available ?? 0n) - 200n);

    const exposure = await t.request({
      method: 'GET',
      url: `/api/admin/merchants/demo/lottery/draws/${draw.id}/exposure`,
      headers: { authorization: owner },
    });
    expect(exposure.json().value).toMatchObject({ worstOutcome: [1, 2, 3, 4, 5], worstPayout: expect.any(String) });

    const cancel = (id: string, reason = 'feed outage') =>
      t.request({
        method: 'POST',
        url: `/api/admin/merchants/demo/lottery/draws/${id}/cancel`,
        headers: { authorization: owner },
        payload: { reason },
      });
    const answer = (await cancel(draw.id)).json();
    // The cancelled draw still counts the tickets it refunded (Ann's and Ben's).
    expect(answer.value).toMatchObject({ status: 'cancelled', cancelReason: 'feed outage', tickets: 2, paid: '0.00' });
    expect(await wallet('ben')).toEqual(before);
    // Ben's ticket and the one Ann bought on this draw before: every ticket refunded, none left pending.
    expect(
      await count("SELECT count(*)::int AS n FROM lottery_tickets WHERE draw_id = $1 AND status <> 'refunded'", [
        draw.id,
      ]),
    ).toBe(0);
    expect(
      await count("SELECT count(*)::int AS n FROM lottery_tickets WHERE draw_id = $1 AND status = 'refunded'", [
        draw.id,
      ]),
    ).toBe(2);
    expect((await wallet('ann'))?.held).toBe(0n);
    expect(await count("SELECT count(*)::int AS n FROM audit_log WHERE action = 'lottery.draw_cancel'")).toBe(1);
    expect((await cancel(draw.id)).json().errorCode).toBe('lottery_draw_not_cancellable');
    const settled = (
      await query<{ id: string }>("SELECT id::text FROM lottery_draws WHERE status = 'settled' LIMIT 1")
    )[0];
    expect((await cancel(settled?.id ?? '0')).json().errorCode).toBe('lottery_draw_not_cancellable');
    expect((await cancel(draw.id, '')).json().errorCode).toBe('validation_failed');
  });

  it('changes odds and limits for new tickets, audited with before and after', async () => {
    const owner = await t.operatorToken();
    const update = (payload: Record<string, unknown>) =>
      t.request({
        method: 'PUT',
        url: '/api/admin/merchants/demo/lottery/games/FAST1',
        headers: { authorization: owner },
        payload,
      });
    const good = {
      enabled: true,
      intervalSeconds: 60,
      closeSeconds: 15,
      minStake: '2.00',
      maxStake: '500.00',
      maxPayout: '100000.00',
      odds: { position: ['9.80'] },
    };
    const answer = (await update(good)).json();
    expect(answer.errorCode ?? null).toBeNull();
    expect(answer.value.betTypes.find((b: { betType: string }) => b.betType === 'position')).toMatchObject({
      odds: ['9.80'],
      rtpMin: '98.0000',
    });
    expect((await update({ ...good, minStake: '600.00' })).json().errorCode).toBe('validation_failed');
    expect((await update({ ...good, closeSeconds: 60 })).json().errorCode).toBe('validation_failed');
    expect((await update({ ...good, odds: { sum: ['2.00'] } })).json().errorCode).toBe('validation_failed');
    expect(await count("SELECT count(*)::int AS n FROM audit_log WHERE action = 'lottery.game_update'")).toBe(1);
  });
});

describe('verifying draws', () => {
  it('recomputes every drawn draw from its revealed seed, through the results and opened-numbers calls', async () => {
    const results = (await api('GET', '/wps/lottery/results?gameCode=FAST1', null)).json().value.list as LotteryDraw[];
    const drawn = results.filter((d) => d.numbers !== null);
    expect(drawn.length).toBeGreaterThan(0);
    for (const d of drawn) {
      expect(
        verifyFiveDigitDraw({
          serverSeed: d.serverSeed ?? '',
          gameCode: d.gameCode,
          drawNo: d.drawNo,
          beacon: d.beacon,
          seedHash: d.seedHash,
          numbers: d.numbers ?? [],
        }),
      ).toMatchObject({ seedMatches: true, numbersMatch: true });
    }
    const opened = (await api('GET', '/lgw/vn/numeros/opened/game', null)).json().value as Record<string, LotteryDraw>;
    expect(opened.FAST1?.numbers).toEqual(drawn[0]?.numbers);
    const menu = (await api('GET', '/lgw/vn/games/game_menu?prizeMode=LOTT&device=WEB', null)).json().value;
    expect(menu.FAST.gameMenus.map((g: { gameCode: string }) => g.gameCode)).toEqual(['FAST1', 'FAST3', 'FAST5']);
    const recent = (await api('GET', '/lgw/vn/games/game_menu/recent', 'ann')).json().value as { gameCode: string }[];
    expect(recent.map((g) => g.gameCode)).toEqual(['FAST5', 'FAST1']);
  });
});

describe('stored draws', () => {
  // 1,000 here keeps CI fast (10,000 took 170 s on a loaded machine); `packages/engines/scripts/lottery-verify.ts`
  // recomputes as many stored draws as it is given.
  it('recomputes 1,000 stored draws from their revealed seeds: every one matches', async () => {
    const game = (
      await query<{ id: string }>("SELECT id::text FROM lottery_games WHERE merchant_code = 'demo' AND code = 'FAST1'")
    )[0];
    const seeds = Array.from(
      { length: 1_000 },
      () => randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', ''),
    );
    await query(
      `INSERT INTO lottery_draws (merchant_code, game_id, draw_no, opens_at, closes_at, draw_at, server_seed, seed_hash)
       SELECT 'demo', $1, (19000101000000 + n)::text, now() - interval '2 days', now() - interval '2 days',
              now() - interval '2 days' + n * interval '1 ms', seed, encode(sha256(convert_to(seed, 'UTF8')), 'hex')
       FROM unnest($2::text[]) WITH ORDINALITY AS s(seed, n)`,
      [game?.id, seeds],
    );
    for (;;) if ((await t.services.lottery.drawDue()).length === 0) break;
    const rows = await query<{
      draw_no: string;
      server_seed: string;
      seed_hash: string;
      numbers: number[];
      beacon: string | null;
    }>(
      `SELECT draw_no, server_seed, seed_hash, numbers::int[] AS numbers, beacon FROM lottery_draws
       WHERE draw_no LIKE '19%' AND status = 'drawn'`,
    );
    expect(rows).toHaveLength(1_000);
    const mismatches = rows.filter((row) => {
      const result = verifyFiveDigitDraw({
        serverSeed: row.server_seed,
        gameCode: 'FAST1',
        drawNo: row.draw_no,
        beacon: row.beacon,
        seedHash: row.seed_hash,
        numbers: row.numbers,
      });
      return !(result.seedMatches && result.numbersMatch);
    });
    expect(mismatches).toEqual([]);
  }, 300_000);
});
