import { randomUUID } from 'node:crypto';
import type { LotteryDraw, LotteryGame } from '@tessera/contracts';
import { expect } from 'vitest';
import { reconcileLedger } from '../src/modules/ledger';
import { fundedMember } from './funded-member';
import { memberClient } from './member-client';
import { createTestApp, type TestApp } from './test-app';

/**
 * A lottery suite's app: started, `names`' members funded with `start` each (as `prefix` + name, their tokens and
 * ids written to `tokens` and `ids`), and the due draws opened.
 */
export const startLotteryApp = async (
  prefix: string,
  names: string[],
  start: bigint,
  tokens: Record<string, string>,
  ids: Record<string, string>,
) => {
  const t = await createTestApp();
  const client = memberClient(t);
  for (const name of names) {
    const member = await fundedMember(t, client, `${prefix}${name}`, start);
    tokens[name] = member.token;
    ids[name] = member.memberId;
  }
  await t.services.lottery.runDue();
  return { t, client };
};

/** Closes a lottery suite's app once the ledger is found whole. */
export const closeLotteryApp = async (t: TestApp) => {
  const report = await reconcileLedger(t.database.pool);
  expect(report.filter((check) => check.discrepancies > 0)).toEqual([]);
  await t.close();
};

/**
 * What the lottery's integration tests share: the member calls (as a named member or a visitor), the main wallet,
 * the games, a purchase, a draw's stored seed, and a draw's window moved on the database clock (held open for the
 * test, or made due). The app and client are read when called (they are made in `beforeAll`).
 */
export const lotteryKit = (
  app: () => TestApp,
  client: () => ReturnType<typeof memberClient>,
  tokens: Record<string, string>,
  ids: Record<string, string>,
) => {
  const query = async <T>(sql: string, values: unknown[] = []) =>
    (await app().database.pool.query(sql, values)).rows as T[];
  const api = (method: 'GET' | 'POST', url: string, as: string | null, payload?: unknown) =>
    client().send({
      method,
      url,
      moduleId: 'COMM3',
      ...(as ? { token: tokens[as] ?? '' } : {}),
      ...(payload ? { payload } : {}),
    });
  return {
    query,
    count: async (sql: string, values: unknown[] = []) => (await query<{ n: number }>(sql, values))[0]?.n ?? 0,
    api,
    wallet: async (name: string) => {
      const [row] = await app().services.ledger.memberBalances({
        merchantCode: 'demo',
        currency: 'USD',
        memberId: ids[name] ?? '',
        wallets: ['main'],
      });
      return row;
    },
    games: async () => (await api('GET', '/wps/lottery/games', null)).json().value as LotteryGame[],
    buy: (as: string, draw: Pick<LotteryDraw, 'gameCode' | 'drawNo'>, lines: unknown[]) =>
      api('POST', '/wps/lottery/tickets', as, {
        requestId: randomUUID(),
        gameCode: draw.gameCode,
        drawNo: draw.drawNo,
        lines,
      }),
    seedOf: async (drawId: string) =>
      (await query<{ server_seed: string }>('SELECT server_seed FROM lottery_draws WHERE id = $1', [drawId]))[0]
        ?.server_seed ?? '',
    /** Holds a draw open for the test (its window stretched to an hour; the database clock decides). */
    holdOpen: (drawId: string) =>
      query(
        `UPDATE lottery_draws SET opens_at = least(opens_at, now()), closes_at = now() + interval '1 hour',
           draw_at = now() + interval '1 hour' WHERE id = $1`,
        [drawId],
      ),
    makeDue: (drawId: string) =>
      query(
        `UPDATE lottery_draws SET opens_at = now() - interval '2 minutes', closes_at = now() - interval '1 ms',
           draw_at = now() - interval '1 ms' WHERE id = $1`,
        [drawId],
      ),
    /** "12.34" as minor units. */
    cents: (text: string) => BigInt(text.replace('.', '')),
  };
};
