import { randomUUID } from 'node:crypto';
import type { LotteryDraw, LotteryGame } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeReconciled } from '../../../test/close-reconciled';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { hashPassword } from '../../platform/security/password';

/**
 * Lottery tickets through the debit guard (decision 0106), and the member site's one-time prompts: the offer of
 * limits and the information before the first wager (decision 0107).
 */

let t: TestApp;
let client: ReturnType<typeof memberClient>;

const send = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  client.send({ method, url, moduleId: 'COMM3', token, ...(payload ? { payload } : {}) });
const query = async <T>(sql: string, values: unknown[] = []) => (await t.database.pool.query(sql, values)).rows as T[];
const prompts = (token: string) => send('GET', '/wps/responsible-gaming/prompts', token);
const answer = (token: string, prompt: string, value: string) =>
  send('POST', '/wps/responsible-gaming/prompts', token, { prompt, answer: value });

/** The FAST1 draw taking bets, its window stretched to an hour (the database clock decides). */
const openDraw = async (token: string): Promise<LotteryDraw> => {
  const games = (await send('GET', '/wps/lottery/games', token)).json().value as LotteryGame[];
  const game = games.find((g) => g.code === 'FAST1');
  if (!game?.current) throw new Error('no FAST1 draw');
  await query(
    `UPDATE lottery_draws SET opens_at = least(opens_at, now()), closes_at = now() + interval '1 hour',
       draw_at = now() + interval '1 hour' WHERE id = $1`,
    [game.current.id],
  );
  return game.current;
};
const buy = (token: string, draw: LotteryDraw, stake: string) =>
  send('POST', '/wps/lottery/tickets', token, {
    requestId: randomUUID(),
    gameCode: draw.gameCode,
    drawNo: draw.drawNo,
    lines: [{ betType: 'sum_odd_even', side: 'odd', stake }],
  });
const ticketsOf = async (memberId: string) =>
  (await query<{ n: number }>('SELECT count(*)::int AS n FROM lottery_tickets WHERE member_id = $1', [memberId]))[0]?.n;
const heldOf = async (memberId: string) =>
  (
    await query<{ held: string }>(
      "SELECT coalesce(sum(held), 0)::text AS held FROM ledger_accounts WHERE owner_id = $1 AND kind = 'main'",
      [memberId],
    )
  )[0]?.held;
const usageOf = async (memberId: string) =>
  (
    await query<{ wagered: string; lost: string }>(
      `SELECT coalesce(sum(wagered), 0)::text AS wagered, coalesce(sum(lost), 0)::text AS lost
         FROM rg_usage WHERE member_id = $1`,
      [memberId],
    )
  )[0];

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  await t.services.lottery.runDue(); // the lottery's scheduler pass: draws open for bets
});
afterAll(async () => {
  await closeReconciled(t);
});

describe('lottery tickets and the debit guard', () => {
  it('counts a ticket as a stake when bought, refuses one past a wager limit, and returns it when the draw is cancelled', async () => {
    const { token, memberId } = await fundedMember(t, client, 'rg-lotto-limit', 50_00n);
    const draw = await openDraw(token);
    expect(
      (await send('POST', '/wps/responsible-gaming/limits', token, { kind: 'wager', period: 'day', amount: '5' }))
        .statusCode,
    ).toBe(200);

    const first = await buy(token, draw, '3.00');
    expect(first.json().success).toBe(true);
    expect(await usageOf(memberId)).toEqual({ wagered: '300', lost: '300' });

    const refused = await buy(token, draw, '2.50');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('responsible_gaming_limit');
    expect(await ticketsOf(memberId)).toBe(1);
    expect(await heldOf(memberId)).toBe('300');
    expect(await usageOf(memberId)).toEqual({ wagered: '300', lost: '300' });

    // The draw is cancelled: the hold is released and the stake no longer counts.
    const [hold] = await query<{ id: string }>(
      "SELECT h.id FROM ledger_holds h JOIN ledger_accounts a ON a.id = h.account_id WHERE a.owner_id = $1 AND h.status = 'active'",
      [memberId],
    );
    expect(await t.services.ledger.voidHolds(t.database.pool, 'demo', [BigInt(hold?.id ?? '0')])).toBe(1);
    expect(await usageOf(memberId)).toEqual({ wagered: '0', lost: '0' });
    expect((await buy(token, draw, '2.50')).json().success).toBe(true);
  });

  it('refuses a ticket on a break: no ticket, no hold', async () => {
    const { token, memberId } = await fundedMember(t, client, 'rg-lotto-break', 50_00n);
    const draw = await openDraw(token);
    await send('POST', '/wps/responsible-gaming/block', token, {
      kind: 'break',
      duration: '24h',
      allMerchants: false,
      confirm: true,
    });
    const refused = await buy(token, draw, '1.00');
    expect(refused.json().errorCode).toBe('responsible_gaming_blocked');
    expect(await ticketsOf(memberId)).toBe(0);
    expect(await heldOf(memberId)).toBe('0');
  });
});

describe('the one-time prompts', () => {
  it('offers limits and the information once each, remembered on the server, the first answer standing', async () => {
    const { token, memberId } = await fundedMember(t, client, 'rg-prompted', 1n);
    // fundedMember deposits: a member who has deposited is not offered limits any more.
    expect((await prompts(token)).json().value).toEqual({ limitsOffer: false, firstWagerInfo: true });

    const fresh = await t.services.members.create({
      merchantCode: 'demo',
      username: 'rg-newcomer',
      account: 'rg-newcomer',
      nickname: 'n',
      passwordHash: await hashPassword('Secret123'),
    });
    if (!('row' in fresh)) throw new Error('member not created');
    const login = await client.sealed(
      'POST',
      '/wps/session/login',
      { username: 'rg-newcomer', password: 'Secret123', botCheck: await client.botCheck() },
      { moduleId: 'COMM3' },
    );
    const newcomer = login.json().value?.token as string;
    expect(typeof newcomer).toBe('string');
    expect((await prompts(newcomer)).json().value).toEqual({ limitsOffer: true, firstWagerInfo: true });

    // Limits are set through the same endpoint and rules as the page, then the offer is answered.
    expect(
      (
        await send('POST', '/wps/responsible-gaming/limits', newcomer, {
          kind: 'deposit',
          period: 'week',
          amount: '100',
        })
      ).statusCode,
    ).toBe(200);
    const set = await answer(newcomer, 'limits_offer', 'set');
    expect(set.json().value).toEqual({ limitsOffer: false, firstWagerInfo: true });
    // A second answer changes nothing.
    expect((await answer(newcomer, 'limits_offer', 'skipped')).json().value.limitsOffer).toBe(false);
    const acknowledged = await answer(newcomer, 'first_wager_info', 'acknowledged');
    expect(acknowledged.json().value).toEqual({ limitsOffer: false, firstWagerInfo: false });

    const rows = await query<{ prompt: string; answer: string }>(
      'SELECT prompt, answer FROM rg_prompts WHERE member_id = $1 ORDER BY prompt',
      [fresh.row.id],
    );
    expect(rows).toEqual([
      { prompt: 'first_wager_info', answer: 'acknowledged' },
      { prompt: 'limits_offer', answer: 'set' },
    ]);
    const history = await query<{ action: string }>(
      "SELECT action FROM rg_history WHERE member_id = $1 AND action LIKE 'prompt.%' ORDER BY at",
      [fresh.row.id],
    );
    expect(history.map((row) => row.action)).toEqual(['prompt.limits_offer', 'prompt.first_wager_info']);
    // Another member's prompts are its own.
    expect((await prompts(token)).json().value.firstWagerInfo).toBe(true);
    expect(memberId).not.toBe(fresh.row.id);
  });

  it('refuses an answer that does not fit the prompt, changing nothing', async () => {
    const { token, memberId } = await fundedMember(t, client, 'rg-bad-answer', 1n);
    for (const [prompt, value] of [
      ['first_wager_info', 'skipped'],
      ['limits_offer', 'acknowledged'],
      ['nothing', 'set'],
    ] as const) {
      const response = await answer(token, prompt, value);
      expect(response.statusCode).toBe(400);
      expect(response.json().errorCode).toBe('validation_failed');
    }
    expect(await query('SELECT 1 FROM rg_prompts WHERE member_id = $1', [memberId])).toEqual([]);
    expect((await prompts(token)).json().value.firstWagerInfo).toBe(true);
  });

  it('is for signed-in members only', async () => {
    const response = await client.send({ method: 'GET', url: '/wps/responsible-gaming/prompts', moduleId: 'COMM3' });
    expect(response.json().success).toBe(false);
    expect(response.json().errorCode).not.toBe('internal_error');
  });
});
