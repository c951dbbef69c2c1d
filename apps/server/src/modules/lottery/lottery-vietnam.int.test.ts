import type { AdminLotteryGame, LotteryDraw, LotteryTicket } from '@tessera/contracts';
import {
  drawVietnamese,
  type VnBetType,
  verifyVietnameseDraw,
  vnHits,
  vnOddsFor,
  vnPayout,
  vnResultOf,
  vnRtp,
  vnStoredNumbers,
} from '@tessera/engines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeLotteryApp, lotteryKit, startLotteryApp } from '../../../test/lottery-kit';
import type { memberClient } from '../../../test/member-client';
import type { TestApp } from '../../../test/test-app';
import { presentPercent } from './lottery.presenter';

/**
 * The Vietnamese regional lottery (decision 0134) on a real PostgreSQL: the three regions' daily games with lô, đề,
 * 3 càng and xiên, their odds and exact returns; bad lines refused each with its own code and nothing held; tickets
 * held through the ledger, the draw made from the committed seed (27 numbers in the north), every ticket settled
 * exactly once at its number of hits; results revealing the seed; the back office's odds and exposure.
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
  ({ t, client } = await startLotteryApp('vnlot', ['hoa', 'lan'], START, tokens, ids));
}, 180_000);

afterAll(() => closeLotteryApp(t));

let draw: LotteryDraw;

describe('the Vietnamese regional lottery', () => {
  it('offers the three regions once a day at their usual times in the merchant zone, with every bet type', async () => {
    const all = await games();
    // The demo merchant is on Asia/Singapore (UTC+8): south 16:15, centre 17:15, north 18:15 there.
    for (const [code, kind, region, utc] of [
      ['VNS', 'vn_south', 'south', '08:15'],
      ['VNC', 'vn_central', 'central', '09:15'],
      ['VNN', 'vn_north', 'north', '10:15'],
    ] as const) {
      const game = all.find((g) => g.code === code);
      expect(game).toMatchObject({ kind, intervalSeconds: 86_400, closeSeconds: 900 });
      const odds = vnOddsFor(region, 9750);
      expect(game?.betTypes).toEqual(
        (['lo', 'de', 'three_cang', 'xien2', 'xien3', 'xien4'] as const).map((betType) => {
          const rtp = presentPercent(vnRtp(region, betType, odds[betType]));
          return {
            betType,
            odds: [`${Math.floor(odds[betType] / 100)}.${String(odds[betType] % 100).padStart(2, '0')}`],
            rtpMin: rtp,
            rtpMax: rtp,
          };
        }),
      );
      const current = game?.current;
      if (!current) throw new Error(`no open ${code} draw`);
      expect(current.drawAt.slice(11, 16)).toBe(utc);
      expect(Date.parse(current.drawAt) - Date.parse(current.closesAt)).toBe(900_000);
      expect(current.serverSeed).toBeNull();
    }
    expect(all.find((g) => g.code === 'VNN')?.betTypes.find((b) => b.betType === 'lo')).toMatchObject({
      odds: ['3.61'],
      rtpMin: '97.4700',
    });
    const menu = (await api('GET', '/lgw/vn/games/game_menu', null)).json().value;
    expect(menu.VN.gameMenus.map((entry: { gameCode: string }) => entry.gameCode).sort()).toEqual([
      'VNC',
      'VNN',
      'VNS',
    ]);
    draw = all.find((g) => g.code === 'VNN')?.current as LotteryDraw;
    await holdOpen(draw.id);
  });

  it('refuses bad lines each with its own code, holding nothing', async () => {
    const before = await wallet('hoa');
    const refused = async (lines: unknown[], code: string, field?: string) => {
      const answer = (await buy('hoa', draw, lines)).json();
      expect(answer.success, JSON.stringify(lines)).toBe(false);
      expect(answer.errorCode, JSON.stringify(lines)).toBe(code);
      if (field) expect(answer.fieldErrors, JSON.stringify(lines)).toEqual([{ path: field, code: expect.any(String) }]);
    };
    // Unknown bet types: none at all, a 4D one, a fast one.
    for (const betType of ['bao_lo', 'big', 'position']) {
      await refused([{ betType, numbers: [12], stake: '1.00' }], 'lottery_bet_type_unknown', 'lines.0.betType');
    }
    // Numbers out of range, of the wrong count, duplicated for xiên, missing.
    for (const [betType, numbers] of [
      ['lo', [100]],
      ['lo', [-1]],
      ['de', [12, 13]],
      ['three_cang', [1000]],
      ['xien2', [4, 4]],
      ['xien3', [4, 5, 4]],
      ['xien3', [4, 5]],
      ['xien4', [1, 2, 3, 4, 5]],
      ['xien2', [99, 100]],
      ['de', []],
    ] as const) {
      await refused([{ betType, numbers, stake: '1.00' }], 'lottery_selection_invalid', 'lines.0.numbers');
    }
    await refused([{ betType: 'lo', stake: '1.00' }], 'lottery_selection_invalid', 'lines.0.numbers');
    await refused([{ betType: 'de', numbers: [1], side: 'big', stake: '1.00' }], 'lottery_selection_invalid');
    // Stakes outside the limits (1.00 … 10,000.00; a win of at most 1,000,000.00: 3 càng pays 975×).
    await refused([{ betType: 'lo', numbers: [12], stake: '0.99' }], 'lottery_stake_out_of_limits', 'lines.0.stake');
    await refused([{ betType: 'lo', numbers: [12], stake: '10000.01' }], 'lottery_stake_out_of_limits');
    await refused([{ betType: 'three_cang', numbers: [123], stake: '1100.00' }], 'lottery_stake_out_of_limits');
    // One bad line refuses the purchase whole.
    await refused(
      [
        { betType: 'lo', numbers: [12], stake: '1.00' },
        { betType: 'xien2', numbers: [7, 7], stake: '1.00' },
      ],
      'lottery_selection_invalid',
      'lines.1.numbers',
    );
    // After the close.
    await query(`UPDATE lottery_draws SET closes_at = now() - interval '1 ms' WHERE id = $1`, [draw.id]);
    await refused([{ betType: 'lo', numbers: [12], stake: '1.00' }], 'lottery_betting_closed');
    await holdOpen(draw.id);
    expect(await wallet('hoa')).toMatchObject({ balance: before?.balance, available: before?.available, held: 0n });
    expect(await count('SELECT count(*)::int AS n FROM lottery_tickets WHERE member_id = $1', [ids.hoa ?? ''])).toBe(0);
  });

  it('holds the stakes, draws 27 numbers from the committed seed and pays every ticket once by its hits', async () => {
    const result = drawVietnamese('north', {
      serverSeed: await seedOf(draw.id),
      gameCode: 'VNN',
      drawNo: draw.drawNo,
      beacon: null,
    });
    const numbers = vnStoredNumbers(result);
    const endings = numbers.map((n) => n % 100);
    const special = numbers[0] as number;
    const present = [...new Set(endings)];
    const absent = Array.from({ length: 100 }, (_, n) => n).filter((n) => !endings.includes(n));
    // The ending drawn most often: lô pays it once per number.
    const most = present.reduce((a, b) =>
      endings.filter((e) => e === b).length > endings.filter((e) => e === a).length ? b : a,
    );
    const lines: { betType: VnBetType; numbers: number[]; stake: string }[] = [
      { betType: 'lo', numbers: [most], stake: '10.00' },
      { betType: 'lo', numbers: [absent[0] as number], stake: '5.00' },
      { betType: 'de', numbers: [special % 100], stake: '2.00' },
      { betType: 'de', numbers: [(special + 1) % 100], stake: '2.00' },
      { betType: 'three_cang', numbers: [special % 1000], stake: '1.00' },
      { betType: 'three_cang', numbers: [(special + 1) % 1000], stake: '1.00' },
      { betType: 'xien2', numbers: present.slice(0, 2), stake: '3.00' },
      { betType: 'xien3', numbers: [...present.slice(0, 2), absent[0] as number], stake: '3.00' },
      { betType: 'xien4', numbers: present.slice(0, 4), stake: '1.00' },
    ];
    const odds = vnOddsFor('north', 9750);
    const expected = lines.map((line) => {
      const hits = vnHits(line, result);
      return { hits, payout: vnPayout(cents(line.stake), odds[line.betType], hits) };
    });
    // The draw gives what the lines were built to test.
    expect(expected.map((e) => e.hits > 0)).toEqual([true, false, true, false, true, false, true, false, true]);
    expect(expected[0]?.hits).toBe(endings.filter((e) => e === most).length);

    const bought = (await buy('hoa', draw, lines)).json();
    expect(bought.success).toBe(true);
    const tickets = bought.value.tickets as LotteryTicket[];
    expect(tickets[0]).toMatchObject({
      betType: 'lo',
      numbers: [most],
      status: 'pending',
      odds: '3.61',
      tierOdds: null,
    });
    const staked = lines.reduce((sum, line) => sum + cents(line.stake), 0n);
    expect(await wallet('hoa')).toMatchObject({ balance: START, available: START - staked, held: staked });
    // An operator edit after purchase changes new tickets only: these keep the odds they were bought at.
    await query(
      `UPDATE lottery_games SET odds = jsonb_set(odds, '{ELOTT}', odds->'ELOTT' || '{"lo":[400],"de":[9900]}') WHERE code = 'VNN'`,
    );

    await makeDue(draw.id);
    await t.services.lottery.runDue();
    const [stored] = await query<{ status: string; numbers: number[] }>(
      'SELECT status, numbers::int[] AS numbers FROM lottery_draws WHERE id = $1',
      [draw.id],
    );
    expect(stored?.status).toBe('settled');
    expect(stored?.numbers).toEqual(numbers);
    expect(vnResultOf('north', stored?.numbers ?? [])).toEqual(result);

    const mine = (await api('GET', '/wps/lottery/tickets?gameCode=VNN', 'hoa')).json().value.list as LotteryTicket[];
    expect(mine.map((ticket) => [ticket.status, cents(ticket.payout)])).toEqual(
      expected.map((e) => [e.hits > 0 ? 'won' : 'lost', e.payout]),
    );
    expect(mine[0]?.drawNumbers).toEqual(numbers);
    const paid = expected.reduce((sum, e) => sum + e.payout, 0n);
    expect(paid).toBeGreaterThan(0n);
    expect(await wallet('hoa')).toMatchObject({
      balance: START - staked + paid,
      available: START - staked + paid,
      held: 0n,
    });

    // Exactly once: another pass settles nothing again.
    await t.services.lottery.runDue();
    expect(await wallet('hoa')).toMatchObject({ balance: START - staked + paid, held: 0n });
    const [events] = await query<{ total: number; distinct: number }>(
      `SELECT count(*)::int AS total, count(DISTINCT payload->>'roundRef')::int AS distinct FROM events
        WHERE name = 'bet.settled' AND payload->>'roundRef' IN (SELECT id::text FROM lottery_tickets WHERE draw_id = $1)`,
      [draw.id],
    );
    expect(events).toEqual({ total: lines.length, distinct: lines.length });
    expect(
      await count(
        `SELECT count(*)::int AS n FROM bet_rounds b JOIN lottery_tickets tk ON b.round_ref = tk.id::text
          WHERE tk.draw_id = $1 AND b.status = 'settled' AND b.payout = tk.payout AND b.vendor_code = 'TCG_LOTTO_VN'`,
        [draw.id],
      ),
    ).toBe(lines.length);

    // Results: the seed revealed, the 27 numbers recomputed from it.
    const history = (await api('GET', '/wps/lottery/results?gameCode=VNN', null)).json().value.list as LotteryDraw[];
    const shown = history.find((d) => d.id === draw.id);
    if (!shown?.serverSeed || !shown.numbers) throw new Error('no revealed VN result');
    expect(
      verifyVietnameseDraw('north', {
        serverSeed: shown.serverSeed,
        seedHash: shown.seedHash,
        gameCode: 'VNN',
        drawNo: shown.drawNo,
        beacon: shown.beacon,
        numbers: shown.numbers,
      }),
    ).toMatchObject({ seedMatches: true, numbersMatch: true });
    const opened = (await api('GET', '/lgw/vn/numeros/opened/game', null)).json().value as Record<string, LotteryDraw>;
    expect(opened.VNN?.numbers).toEqual(numbers);
  });

  it('lets the back office edit a region’s odds (not its daily schedule) and shows the exposure bound', async () => {
    const owner = await t.operatorToken();
    const put = (payload: Record<string, unknown>) =>
      t.request({
        method: 'PUT',
        url: '/api/admin/merchants/demo/lottery/games/VNS',
        headers: { authorization: owner },
        payload: {
          enabled: true,
          intervalSeconds: 86_400,
          closeSeconds: 900,
          minStake: '1.00',
          maxStake: '10000.00',
          maxPayout: '1000000.00',
          drawTime: '16:15',
          prizeMode: 'ELOTT',
          odds: {},
          ...payload,
        },
      });
    const refusedPaths = async (payload: Record<string, unknown>) =>
      ((await put(payload)).json().fieldErrors as { path: string }[]).map((e) => e.path);
    expect(await refusedPaths({ intervalSeconds: 3600 })).toEqual(['intervalSeconds']);
    expect(await refusedPaths({ odds: { big: ['1.50', '1.50', '1.50', '1.50', '1.50'] } })).toEqual(['odds.big']);
    expect(await refusedPaths({ odds: { lo: ['1.00'] } })).toEqual(['odds.lo']);
    expect(await refusedPaths({ odds: { xien2: ['10.00', '11.00'] } })).toEqual(['odds.xien2']);
    // A daily draw's time of day is required and must be a time (decision 0159), each refused on its own field.
    const refused = async (payload: Record<string, unknown>) => (await put(payload)).json().fieldErrors;
    expect(await refused({ drawTime: null })).toEqual([{ path: 'drawTime', code: 'not_empty' }]);
    expect(await refused({ drawTime: '24:00' })).toEqual([{ path: 'drawTime', code: 'field_invalid' }]);
    expect(await refused({ drawTime: '7pm' })).toEqual([{ path: 'drawTime', code: 'field_invalid' }]);
    const fast = await t.request({
      method: 'PUT',
      url: '/api/admin/merchants/demo/lottery/games/FAST5',
      headers: { authorization: owner },
      payload: {
        enabled: true,
        intervalSeconds: 86_400,
        closeSeconds: 30,
        minStake: '1.00',
        maxStake: '10000.00',
        maxPayout: '1000000.00',
        odds: {},
      },
    });
    expect(fast.json().fieldErrors).toEqual([{ path: 'intervalSeconds', code: 'field_not_allowed' }]);
    const edited = (await put({ odds: { lo: ['5.50'], xien2: ['17.00'] } })).json().value as AdminLotteryGame;
    expect(edited.drawTime).toBe('16:15');
    const elott = edited.prizeModes.find((mode) => mode.prizeMode === 'ELOTT')?.betTypes;
    expect(elott?.find((b: { betType: string }) => b.betType === 'lo')).toMatchObject({
      odds: ['5.50'],
      rtpMin: '99.0000',
    });

    const south = (await games()).find((g) => g.code === 'VNS')?.current;
    if (!south) throw new Error('no VNS draw');
    await holdOpen(south.id);
    const lines = [
      { betType: 'lo', numbers: [7], stake: '2.00' },
      { betType: 'de', numbers: [7], stake: '1.00' },
    ];
    expect((await buy('lan', south, lines)).json().success).toBe(true);
    const exposure = (
      await t.request({
        method: 'GET',
        url: `/api/admin/merchants/demo/lottery/draws/${south.id}/exposure`,
        headers: { authorization: owner },
      })
    ).json().value;
    // Lô 7 on all 18 numbers (2 × 5.50 × 18 = 198.00) and đề 7 (97.50): 295.50 at most.
    expect(exposure).toMatchObject({ tickets: 2, staked: '3.00', worstPayout: '295.50', worstOutcome: [] });
    const cancelled = (
      await t.request({
        method: 'POST',
        url: `/api/admin/merchants/demo/lottery/draws/${south.id}/cancel`,
        headers: { authorization: owner },
        payload: { reason: 'provincial draw postponed' },
      })
    ).json().value;
    expect(cancelled).toMatchObject({ status: 'cancelled', tickets: 2, paid: '0.00' });
    expect(await wallet('lan')).toMatchObject({ balance: START, held: 0n });
  });
});
