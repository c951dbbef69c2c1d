import { randomUUID } from 'node:crypto';
import type { AdminLotteryGame, FieldError, LotteryGame } from '@tessera/contracts';
import { drawFiveDigits } from '@tessera/engines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeReconciled } from '../../../test/close-reconciled';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * The back office's game settings are data (decisions 0084, 0061): an edit changes what members are offered and
 * paid, and a bad edit is refused field by field and changes nothing.
 */
let t: TestApp;
let client: ReturnType<typeof memberClient>;
let owner: string;
let member: { token: string; memberId: string };

const query = async <T>(sql: string, values: unknown[] = []) => (await t.database.pool.query(sql, values)).rows as T[];
const memberGames = async () =>
  (await client.send({ method: 'GET', url: '/wps/lottery/games', moduleId: 'COMM3' })).json().value as LotteryGame[];
const memberGame = async (code: string) => (await memberGames()).find((game) => game.code === code);
const update = (code: string, payload: Record<string, unknown>, as = owner) =>
  t.request({
    method: 'PUT',
    url: `/api/admin/merchants/demo/lottery/games/${code}`,
    headers: { authorization: as },
    payload,
  });
const adminGame = async (code: string) =>
  (
    (
      await t.request({
        method: 'GET',
        url: '/api/admin/merchants/demo/lottery/games',
        headers: { authorization: owner },
      })
    ).json().value as AdminLotteryGame[]
  ).find((game) => game.code === code);
/** The edit form's payload of a game as the back office lists it. */
const formOf = (game: AdminLotteryGame, prizeMode = 'LOTT') => ({
  enabled: game.enabled,
  intervalSeconds: game.intervalSeconds,
  drawTime: game.drawTime,
  closeSeconds: game.closeSeconds,
  minStake: game.minStake,
  maxStake: game.maxStake,
  maxPayout: game.maxPayout,
  odds: Object.fromEntries(
    (game.prizeModes.find((mode) => mode.prizeMode === prizeMode)?.betTypes ?? []).map((b) => [b.betType, b.odds]),
  ),
});
const gameRow = async (code: string) =>
  (
    await query<{ row: unknown }>(
      "SELECT to_jsonb(g) AS row FROM lottery_games g WHERE merchant_code = 'demo' AND code = $1",
      [code],
    )
  )[0]?.row;
const auditCount = async () =>
  (await query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'lottery.game_update'"))[0]?.n;

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  owner = await t.operatorToken();
  member = await fundedMember(t, client, 'lotadm', 100_000n);
  await t.services.lottery.runDue();
}, 180_000);

afterAll(async () => {
  await closeReconciled(t);
});

describe('a game edited in the back office', () => {
  it('changes the schedule, limits and odds members are offered, and what a winning ticket pays', async () => {
    const before = await adminGame('FAST3');
    if (!before) throw new Error('no FAST3');
    // Odds are data per prize mode (decision 0159): the member plays the fast games in the lobby's mode (LOTT or
    // ELOTT), the 4D game in SEA and the Vietnamese ones in ELOTT. An edit of another mode (ZY) changes nothing the
    // member is offered or locks.
    const offeredGames = await memberGames();
    const prizeMode = offeredGames.find((game) => game.code === 'FAST3')?.prizeMode;
    expect(['LOTT', 'ELOTT']).toContain(prizeMode);
    expect(offeredGames.find((game) => game.code === 'SEA4D')?.prizeMode).toBe('SEA');
    expect(offeredGames.find((game) => game.code === 'VNN')?.prizeMode).toBe('ELOTT');
    expect(before.prizeModes.map((mode) => mode.prizeMode)).toEqual(['LOTT', 'ZY', 'ELOTT', 'SEA']);
    const zy = await update('FAST3', { ...formOf(before, 'ZY'), prizeMode: 'ZY', odds: { position: ['30.00'] } });
    expect(zy.json().errorCode ?? null).toBeNull();
    const oddsOf = (game: AdminLotteryGame | undefined, mode: string) =>
      game?.prizeModes.find((m) => m.prizeMode === mode)?.betTypes.find((b) => b.betType === 'position')?.odds;
    expect(oddsOf(zy.json().value, 'ZY')).toEqual(['30.00']);
    expect(oddsOf(zy.json().value, prizeMode ?? '')).toEqual(['9.75']);
    const answer = await update('FAST3', {
      ...formOf(before, prizeMode),
      prizeMode,
      intervalSeconds: 600,
      closeSeconds: 45,
      minStake: '5.00',
      maxStake: '50.00',
      odds: { ...formOf(before, prizeMode).odds, position: ['12.50'] },
    });
    expect(answer.json().errorCode ?? null).toBeNull();

    // Offered: the member API shows the new settings at once.
    const offered = await memberGame('FAST3');
    expect(offered).toMatchObject({ intervalSeconds: 600, closeSeconds: 45, minStake: '5.00', maxStake: '50.00' });
    expect(offered?.betTypes.find((b) => b.betType === 'position')).toMatchObject({
      odds: ['12.50'],
      rtpMin: '125.0000',
    });
    expect(offered?.prizeMode).toBe(prizeMode);
    const modes = answer.json().value as AdminLotteryGame;
    expect(oddsOf(modes, 'ZY')).toEqual(['30.00']);
    for (const other of ['LOTT', 'ELOTT', 'SEA'].filter((mode) => mode !== prizeMode)) {
      expect(oddsOf(modes, other), other).toEqual(['9.75']);
    }

    // Scheduled: the draws committed from now on follow the new interval and close.
    const later = Date.now() + 3_600_000;
    await t.services.lottery.schedule(later);
    const committed = await query<{ length: number; close: number }>(
      `SELECT extract(epoch FROM draw_at - opens_at)::int AS length, extract(epoch FROM draw_at - closes_at)::int AS close
       FROM lottery_draws d JOIN lottery_games g ON g.id = d.game_id
       WHERE g.code = 'FAST3' AND d.draw_at > now() + interval '50 minutes'`,
    );
    expect(committed.length).toBe(2);
    for (const draw of committed) expect(draw).toEqual({ length: 600, close: 45 });

    // Paid: a stake under the new minimum is refused; a winning ticket pays the new odds.
    const current = offered?.current;
    if (!current) throw new Error('no FAST3 draw');
    await query(
      `UPDATE lottery_draws SET opens_at = least(opens_at, now()), closes_at = now() + interval '1 hour',
         draw_at = now() + interval '1 hour' WHERE id = $1`,
      [current.id],
    );
    const buy = (stake: string, digit: number) =>
      client.send({
        method: 'POST',
        url: '/wps/lottery/tickets',
        moduleId: 'COMM3',
        token: member.token,
        payload: {
          requestId: randomUUID(),
          gameCode: 'FAST3',
          drawNo: current.drawNo,
          lines: [{ betType: 'position', position: 0, numbers: [digit], stake }],
        },
      });
    const [seed] = await query<{ server_seed: string; beacon: string | null }>(
      'SELECT server_seed, beacon FROM lottery_draws WHERE id = $1',
      [current.id],
    );
    const numbers = drawFiveDigits({
      serverSeed: seed?.server_seed ?? '',
      gameCode: 'FAST3',
      drawNo: current.drawNo,
      beacon: seed?.beacon ?? null,
    });
    const winning = numbers[0] ?? 0;
    const low = (await buy('4.00', winning)).json();
    expect(low.errorCode).toBe('lottery_stake_out_of_limits');
    expect(low.fieldErrors).toEqual([{ path: 'lines.0.stake', code: 'field_too_small' }]);
    const bought = (await buy('5.00', winning)).json();
    expect(bought.errorCode ?? null).toBeNull();
    expect(bought.value.tickets[0]).toMatchObject({ odds: '12.50', stake: '5.00' });
    const listed = (
      await t.request({
        method: 'GET',
        url: '/api/admin/merchants/demo/lottery/draws?gameCode=FAST3',
        headers: { authorization: owner },
      })
    ).json();
    expect(listed.value.list.find((d: { id: string }) => d.id === current.id)).toMatchObject({
      status: 'open',
      tickets: 1,
      staked: '5.00',
    });
    await query(
      `UPDATE lottery_draws SET opens_at = now() - interval '2 minutes', closes_at = now() - interval '1 ms',
         draw_at = now() - interval '1 ms' WHERE id = $1`,
      [current.id],
    );
    await t.services.lottery.runDue();
    const [ticket] = await query<{ status: string; payout: string }>(
      'SELECT status, payout::text FROM lottery_tickets WHERE id = $1',
      [bought.value.tickets[0].id],
    );
    expect(ticket).toEqual({ status: 'won', payout: '6250' });

    // Audited with the settings before and after.
    const [audit] = await query<{
      details: { before: { intervalSeconds: number }; after: { intervalSeconds: number } };
    }>(
      "SELECT details FROM audit_log WHERE action = 'lottery.game_update' AND target = 'FAST3' ORDER BY id DESC LIMIT 1",
    );
    expect(audit?.details.before.intervalSeconds).toBe(180);
    expect(audit?.details.after.intervalSeconds).toBe(600);
  });

  it('refuses each bad edit field by field, and changes nothing', async () => {
    const game = await adminGame('FAST5');
    if (!game) throw new Error('no FAST5');
    const good = formOf(game);
    const rowBefore = await gameRow('FAST5');
    const audits = await auditCount();
    const min = { min: '1.01' };
    const cases: [Record<string, unknown>, FieldError[]][] = [
      [
        { odds: { ...good.odds, position: ['1.00'] } },
        [{ path: 'odds.position', code: 'field_too_small', params: min }],
      ],
      [
        { odds: { ...good.odds, straight5: ['0.50'] } },
        [{ path: 'odds.straight5', code: 'field_too_small', params: min }],
      ],
      [{ odds: { ...good.odds, sum: ['2.00'] } }, [{ path: 'odds.sum', code: 'field_invalid' }]],
      [
        { minStake: '60.00', maxStake: '50.00' },
        [{ path: 'minStake', code: 'field_too_large', params: { max: '50.00' } }],
      ],
      [{ intervalSeconds: 240 }, [{ path: 'intervalSeconds', code: 'field_not_allowed' }]],
      [{ intervalSeconds: 45 }, [{ path: 'intervalSeconds', code: 'field_not_allowed' }]],
      [
        { intervalSeconds: 60, closeSeconds: 60 },
        [{ path: 'closeSeconds', code: 'field_too_large', params: { max: 59 } }],
      ],
      [{ closeSeconds: 300 }, [{ path: 'closeSeconds', code: 'field_too_large', params: { max: 299 } }]],
      [{ prizeMode: 'XX' }, [{ path: 'prizeMode', code: 'field_not_allowed' }]],
      // A fast game never draws once a day, whatever draw time comes with it.
      [{ intervalSeconds: 86_400, drawTime: '18:00' }, [{ path: 'intervalSeconds', code: 'field_not_allowed' }]],
    ];
    for (const [change, fieldErrors] of cases) {
      const answer = (await update('FAST5', { ...good, ...change })).json();
      expect(answer.errorCode, JSON.stringify(change)).toBe('validation_failed');
      expect(answer.fieldErrors, JSON.stringify(change)).toEqual(fieldErrors);
    }
    expect(await gameRow('FAST5')).toEqual(rowBefore);
    expect(await auditCount()).toBe(audits);
    expect((await memberGame('FAST5'))?.intervalSeconds).toBe(game.intervalSeconds);
  });

  it('draws a daily game at the time of day the operator sets, on the merchant clock', async () => {
    const game = await adminGame('SEA4D');
    if (!game) throw new Error('no SEA4D');
    expect(game.drawTime).toBeNull();
    // A 4D game may draw once a day (decision 0159): then its draw time is required, and must be a time of day.
    const rowBefore = await gameRow('SEA4D');
    const daily = { ...formOf(game, 'SEA'), prizeMode: 'SEA', intervalSeconds: 86_400 };
    expect((await update('SEA4D', daily)).json().fieldErrors).toEqual([{ path: 'drawTime', code: 'not_empty' }]);
    expect((await update('SEA4D', { ...daily, drawTime: '20:60' })).json().fieldErrors).toEqual([
      { path: 'drawTime', code: 'field_invalid' },
    ]);
    expect(await gameRow('SEA4D')).toEqual(rowBefore);
    const saved = (await update('SEA4D', { ...daily, drawTime: '20:05' })).json().value as AdminLotteryGame;
    expect(saved).toMatchObject({ intervalSeconds: 86_400, drawTime: '20:05' });
    const offered = await memberGame('SEA4D');
    expect(offered).toMatchObject({ drawTime: '20:05', intervalSeconds: 86_400 });
    const timeZone = offered?.timeZone ?? '';
    // The draws committed from now on fall at 20:05 on the merchant's clock, one a day.
    await t.services.lottery.schedule(Date.now() + 3 * 86_400_000);
    const committed = await query<{ draw_at: Date; opens_at: Date }>(
      `SELECT d.draw_at, d.opens_at FROM lottery_draws d JOIN lottery_games g ON g.id = d.game_id
       WHERE g.code = 'SEA4D' AND d.draw_at > now() + interval '2 days' ORDER BY d.draw_at`,
    );
    expect(committed.length).toBe(2);
    const clock = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    for (const draw of committed) {
      expect(clock.format(draw.draw_at)).toBe('20:05');
      expect(draw.draw_at.getTime() - draw.opens_at.getTime()).toBe(86_400_000);
    }
    // Back on the hourly grid, the draw time is dropped.
    const hourly = (await update('SEA4D', { ...daily, intervalSeconds: 3600, drawTime: '20:05' })).json().value;
    expect(hourly).toMatchObject({ intervalSeconds: 3600, drawTime: null });
  });

  it('lets a support operator read the games but not change them', async () => {
    await t.request({
      method: 'POST',
      url: '/api/admin/operators',
      headers: { authorization: owner },
      payload: {
        username: 'lotsupport',
        displayName: 'Support',
        password: 'Lottery-Pass-1',
        role: 'support',
        merchantCode: 'demo',
      },
    });
    const support = await t.operatorToken('lotsupport', 'Lottery-Pass-1');
    const game = await adminGame('FAST1');
    if (!game) throw new Error('no FAST1');
    const listed = await t.request({
      method: 'GET',
      url: '/api/admin/merchants/demo/lottery/games',
      headers: { authorization: support },
    });
    expect(listed.json().success).toBe(true);
    const rowBefore = await gameRow('FAST1');
    expect((await update('FAST1', { ...formOf(game), minStake: '3.00' }, support)).json().errorCode).toBe('forbidden');
    expect(await gameRow('FAST1')).toEqual(rowBefore);
  });

  it('answers a draw with its totals alongside its exposure', async () => {
    const game = await memberGame('FAST1');
    if (!game?.current) throw new Error('no FAST1 draw');
    const answer = (
      await t.request({
        method: 'GET',
        url: `/api/admin/merchants/demo/lottery/draws/${game.current.id}/exposure`,
        headers: { authorization: owner },
      })
    ).json();
    expect(answer.value.draw).toMatchObject({
      id: game.current.id,
      status: 'open',
      drawNo: game.current.drawNo,
      seedHash: game.current.seedHash,
      serverSeed: null,
      tickets: 0,
    });
    const other = await t.request({
      method: 'GET',
      url: '/api/admin/merchants/other/lottery/draws/1/exposure',
      headers: { authorization: owner },
    });
    expect(other.json().success).toBe(false);
  });
});
