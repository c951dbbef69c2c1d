import type { LotteryDraw, LotteryTicket } from '@tessera/contracts';
import { drawFourD, fourDNumbersOf, verifyFourDDraw } from '@tessera/engines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeLotteryApp, lotteryKit, startLotteryApp } from '../../../test/lottery-kit';
import type { memberClient } from '../../../test/member-client';
import type { TestApp } from '../../../test/test-app';

/**
 * The 4D game (decision 0108) on a real PostgreSQL: its bet types, odds per tier and exact returns offered; bad
 * lines refused each with its own code and nothing held; tickets held through the ledger, drawn from the committed
 * seed (23 different numbers), settled exactly once at the tier each number was drawn in (a win in every tier, Small
 * not paying below third, a loss), the results revealing the seed; the back office's exposure; a cancelled draw
 * refunding every ticket.
 */

let t: TestApp;
let client: ReturnType<typeof memberClient>;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const START = 10_000_000n; // 100,000.00 USD

const { query, count, api, wallet, games, buy, seedOf, holdOpen, makeDue, cents } = lotteryKit(
  () => t,
  () => client,
  tokens,
  ids,
);

beforeAll(async () => {
  ({ t, client } = await startLotteryApp('fourd', ['fay', 'gus'], START, tokens, ids));
}, 180_000);

afterAll(() => closeLotteryApp(t));

let draw: LotteryDraw;

describe('the 4D game', () => {
  it('is offered hourly with Big and Small, their odds per tier and exact returns, its seed committed', async () => {
    const game = (await games()).find((g) => g.code === 'SEA4D');
    expect(game).toMatchObject({ kind: 'four_d', intervalSeconds: 3600, closeSeconds: 300 });
    expect(game?.betTypes).toEqual([
      {
        betType: 'big',
        odds: ['2500.00', '1000.00', '500.00', '180.00', '60.00'],
        rtpMin: '64.0000',
        rtpMax: '64.0000',
      },
      {
        betType: 'small',
        odds: ['3500.00', '2000.00', '1000.00', '0.00', '0.00'],
        rtpMin: '65.0000',
        rtpMax: '65.0000',
      },
    ]);
    if (!game?.current) throw new Error('no open 4D draw');
    expect(game.current.serverSeed).toBeNull();
    draw = game.current;
    await holdOpen(draw.id);
  });

  it('refuses bad lines each with its own code, holding nothing', async () => {
    const before = await wallet('fay');
    const refused = async (lines: unknown[], code: string, gameDraw = draw) => {
      const answer = (await buy('fay', gameDraw, lines)).json();
      expect(answer.success, JSON.stringify(lines)).toBe(false);
      expect(answer.errorCode, JSON.stringify(lines)).toBe(code);
      return answer;
    };
    // Not one four-digit number.
    for (const numbers of [[10_000], [-1], [12, 34], []]) {
      const answer = await refused([{ betType: 'big', numbers, stake: '1.00' }], 'lottery_selection_invalid');
      expect(answer.fieldErrors).toEqual([{ path: 'lines.0.numbers', code: 'field_invalid' }]);
    }
    await refused([{ betType: 'big', stake: '1.00' }], 'lottery_selection_invalid');
    await refused([{ betType: 'small', numbers: [1234], side: 'big', stake: '1.00' }], 'lottery_selection_invalid');
    // Unknown bet types: not a bet type at all, or one of the fast games (and 4D's on a fast game).
    await refused([{ betType: 'huge', numbers: [1234], stake: '1.00' }], 'lottery_bet_type_unknown');
    await refused([{ betType: 'position', position: 0, numbers: [1], stake: '1.00' }], 'lottery_bet_type_unknown');
    const fast = (await games()).find((g) => g.code === 'FAST5')?.current;
    if (!fast) throw new Error('no FAST5 draw');
    await refused([{ betType: 'big', numbers: [1234], stake: '1.00' }], 'lottery_bet_type_unknown', fast);
    // Stakes outside the limits (1.00 … 10,000.00, a first prize of at most 1,000,000.00).
    await refused([{ betType: 'big', numbers: [1234], stake: '0.99' }], 'lottery_stake_out_of_limits');
    await refused([{ betType: 'big', numbers: [1234], stake: '10000.01' }], 'lottery_stake_out_of_limits');
    await refused([{ betType: 'small', numbers: [1234], stake: '300.00' }], 'lottery_stake_out_of_limits');
    // After the close (then open again for the next test).
    await query(`UPDATE lottery_draws SET closes_at = now() - interval '1 ms' WHERE id = $1`, [draw.id]);
    await refused([{ betType: 'big', numbers: [1234], stake: '1.00' }], 'lottery_betting_closed');
    await holdOpen(draw.id);
    // One bad line refuses the purchase whole.
    await refused(
      [
        { betType: 'big', numbers: [1234], stake: '1.00' },
        { betType: 'big', numbers: [99_999], stake: '1.00' },
      ],
      'lottery_selection_invalid',
    );
    expect(await wallet('fay')).toMatchObject({ balance: before?.balance, available: before?.available, held: 0n });
    expect(await count('SELECT count(*)::int AS n FROM lottery_tickets WHERE member_id = $1', [ids.fay ?? ''])).toBe(0);
  });

  it('holds the stakes, draws 23 numbers from the committed seed and pays each tier once', async () => {
    // The numbers this draw will give, recomputed from its stored seed (the test reads what the server keeps secret).
    const result = drawFourD({
      serverSeed: await seedOf(draw.id),
      gameCode: 'SEA4D',
      drawNo: draw.drawNo,
      beacon: null,
    });
    const drawnSet = new Set(fourDNumbersOf(result));
    let miss = 0;
    while (drawnSet.has(miss)) miss += 1;
    const lines = [
      { betType: 'big', numbers: [result.first], stake: '2.00' },
      { betType: 'big', numbers: [result.second], stake: '2.00' },
      { betType: 'big', numbers: [result.third], stake: '2.00' },
      { betType: 'big', numbers: [result.starter[4]], stake: '2.00' },
      { betType: 'big', numbers: [result.consolation[9]], stake: '2.00' },
      { betType: 'small', numbers: [result.first], stake: '1.00' },
      { betType: 'small', numbers: [result.second], stake: '1.00' },
      { betType: 'small', numbers: [result.third], stake: '1.00' },
      { betType: 'small', numbers: [result.starter[0]], stake: '1.00' },
      { betType: 'big', numbers: [miss], stake: '3.00' },
    ];
    const expected: [string, string][] = [
      ['won', '5000.00'],
      ['won', '2000.00'],
      ['won', '1000.00'],
      ['won', '360.00'],
      ['won', '120.00'],
      ['won', '3500.00'],
      ['won', '2000.00'],
      ['won', '1000.00'],
      ['lost', '0.00'],
      ['lost', '0.00'],
    ];
    const bought = (await buy('fay', draw, lines)).json();
    expect(bought.success).toBe(true);
    const tickets = bought.value.tickets as LotteryTicket[];
    expect(tickets[0]).toMatchObject({
      betType: 'big',
      status: 'pending',
      odds: '2500.00',
      tierOdds: ['2500.00', '1000.00', '500.00', '180.00', '60.00'],
    });
    const staked = 1700n;
    expect(await wallet('fay')).toMatchObject({ balance: START, available: START - staked, held: staked });
    // An operator edit after purchase changes new tickets, not these: their tier odds are locked.
    await query(
      `UPDATE lottery_games SET odds = jsonb_set(odds, '{SEA}', '{"big":[100000,50000,20000,10000,5000],"small":[200000,100000,50000,0,0]}')
        WHERE code = 'SEA4D'`,
    );

    await makeDue(draw.id);
    await t.services.lottery.runDue();
    const [stored] = await query<{ status: string; numbers: number[] }>(
      'SELECT status, numbers::int[] AS numbers FROM lottery_draws WHERE id = $1',
      [draw.id],
    );
    expect(stored?.status).toBe('settled');
    expect(stored?.numbers).toEqual(fourDNumbersOf(result));
    expect(new Set(stored?.numbers).size).toBe(23);

    const mine = (await api('GET', '/wps/lottery/tickets?gameCode=SEA4D', 'fay')).json().value.list as LotteryTicket[];
    const byLine = mine; // newest first, one purchase in line order
    expect(byLine.map((ticket) => [ticket.status, ticket.payout])).toEqual(expected);
    expect(byLine[0]?.drawNumbers).toEqual(fourDNumbersOf(result));
    const paid = expected.reduce((sum, [, payout]) => sum + cents(payout), 0n);
    expect(await wallet('fay')).toMatchObject({
      balance: START - staked + paid,
      available: START - staked + paid,
      held: 0n,
    });

    // Exactly once: another pass and another settlement of the same draw change nothing.
    await t.services.lottery.runDue();
    const [row] = await query<{ id: string }>('SELECT id::text FROM lottery_draws WHERE id = $1', [draw.id]);
    const again = await t.services.lottery.settleDraw({
      ...(await t.services.lottery.results('demo', 'SEA4D', 1, { includeCancelled: false })).rows.find(
        (d) => d.id.toString() === row?.id,
      ),
    } as never);
    expect(again).toBe(0);
    expect(await wallet('fay')).toMatchObject({ balance: START - staked + paid, held: 0n });
    const [events] = await query<{ total: number; distinct: number }>(
      `SELECT count(*)::int AS total, count(DISTINCT payload->>'roundRef')::int AS distinct FROM events
        WHERE name = 'bet.settled' AND payload->>'roundRef' IN (SELECT id::text FROM lottery_tickets WHERE draw_id = $1)`,
      [draw.id],
    );
    expect(events).toEqual({ total: 10, distinct: 10 });
    expect(
      await count(
        `SELECT count(*)::int AS n FROM bet_rounds b JOIN lottery_tickets tk ON b.round_ref = tk.id::text
          WHERE tk.draw_id = $1 AND b.status = 'settled' AND b.payout = tk.payout AND b.vendor_code = 'TCG_SEA'`,
        [draw.id],
      ),
    ).toBe(10);

    // Results and history: the seed revealed, and the numbers recomputed from it.
    const history = (await api('GET', '/wps/lottery/results?gameCode=SEA4D', null)).json().value.list as LotteryDraw[];
    const shown = history.find((d) => d.id === draw.id);
    if (!shown?.serverSeed || !shown.numbers) throw new Error('no revealed 4D result');
    expect(
      verifyFourDDraw({
        serverSeed: shown.serverSeed,
        seedHash: shown.seedHash,
        gameCode: 'SEA4D',
        drawNo: shown.drawNo,
        beacon: shown.beacon,
        numbers: shown.numbers,
      }),
    ).toMatchObject({ seedMatches: true, numbersMatch: true });
    const opened = (await api('GET', '/lgw/vn/numeros/opened/game', null)).json().value as Record<string, LotteryDraw>;
    expect(opened.SEA4D?.numbers).toEqual(fourDNumbersOf(result));
    const menu = (await api('GET', '/lgw/vn/games/game_menu', null)).json().value;
    expect(menu.SEA.gameMenus.map((entry: { gameCode: string }) => entry.gameCode)).toEqual(['SEA4D']);
  });

  it("shows the back office a draw's exposure, and a cancelled draw refunds every ticket once", async () => {
    const owner = await t.operatorToken();
    // Back to the default odds for the next draw's tickets.
    await query(
      `UPDATE lottery_games SET odds = jsonb_set(odds, '{SEA}', '{"big":[250000,100000,50000,18000,6000],"small":[350000,200000,100000,0,0]}')
        WHERE code = 'SEA4D'`,
    );
    await t.services.lottery.runDue();
    const next = (await games()).find((g) => g.code === 'SEA4D')?.current;
    if (!next) throw new Error('no next 4D draw');
    await holdOpen(next.id);
    const before = { fay: await wallet('fay'), gus: await wallet('gus') };
    expect(
      (
        await buy('fay', next, [
          { betType: 'big', numbers: [7], stake: '1.00' },
          { betType: 'small', numbers: [7], stake: '1.00' },
          { betType: 'big', numbers: [8], stake: '2.00' },
        ])
      ).json().success,
    ).toBe(true);
    expect((await buy('gus', next, [{ betType: 'small', numbers: [9999], stake: '1.00' }])).json().success).toBe(true);

    const exposure = (
      await t.request({
        method: 'GET',
        url: `/api/admin/merchants/demo/lottery/draws/${next.id}/exposure`,
        headers: { authorization: owner },
      })
    ).json().value;
    // Worst draw: 7 first (2,500 + 3,500), 8 second (2 × 1,000) and 9999 third (1,000): 9,000.00.
    expect(exposure).toMatchObject({ tickets: 4, staked: '5.00', worstPayout: '9000.00' });
    expect(exposure.worstOutcome.slice(0, 3)).toEqual([7, 8, 9999]);
    expect(exposure.worstOutcome).toHaveLength(23);

    const answer = (
      await t.request({
        method: 'POST',
        url: `/api/admin/merchants/demo/lottery/draws/${next.id}/cancel`,
        headers: { authorization: owner },
        payload: { reason: 'results feed outage' },
      })
    ).json();
    expect(answer.value).toMatchObject({ status: 'cancelled', tickets: 4, paid: '0.00', numbers: null });
    expect(await wallet('fay')).toMatchObject({ balance: before.fay?.balance, held: 0n });
    expect(await wallet('gus')).toMatchObject({ balance: before.gus?.balance, held: 0n });
    expect(
      await count(`SELECT count(*)::int AS n FROM lottery_tickets WHERE draw_id = $1 AND status = 'refunded'`, [
        next.id,
      ]),
    ).toBe(4);
    // A later pass refunds nothing twice, and a bet on the cancelled draw is refused.
    await t.services.lottery.runDue();
    expect(await wallet('fay')).toMatchObject({ balance: before.fay?.balance, held: 0n });
    const late = (await buy('gus', next, [{ betType: 'big', numbers: [1], stake: '1.00' }])).json();
    expect(late.errorCode).toBe('lottery_betting_closed');
    expect(await wallet('gus')).toMatchObject({ balance: before.gus?.balance, held: 0n });
  });
});
