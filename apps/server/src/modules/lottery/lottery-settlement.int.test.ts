import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { type FiveDigitSelection, fiveDigitWins, type LotterySide, lotteryPayout } from '@tessera/engines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { killProcesses, spawnRunners } from '../../../test/runner-processes';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { reconcileLedger } from '../ledger';

/**
 * Batched settlement (decision 0100) on a real PostgreSQL: runner processes settling one draw of 1,200 tickets are
 * killed (SIGKILL) at random points, twice; after the restart every ticket is settled exactly once: its outcome and
 * payout as recomputed here from the drawn digits, each hold captured once, each member's balance exact, one
 * `bet.settled` per ticket, the ledger reconciled clean after each kill.
 */

let t: TestApp;
let client: ReturnType<typeof memberClient>;
const START = 1_000_000n; // 10,000.00 USD
const NAMES = ['ka', 'kb', 'kc', 'kd', 'ke', 'kf'];
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

const query = async <T>(sql: string, values: unknown[] = []) => (await t.database.pool.query(sql, values)).rows as T[];
const count = async (sql: string, values: unknown[] = []) => (await query<{ n: number }>(sql, values))[0]?.n ?? 0;

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  for (const name of NAMES) {
    const member = await fundedMember(t, client, `lotkill${name}`, START);
    tokens[name] = member.token;
    ids[name] = member.memberId;
  }
  await t.services.lottery.runDue();
}, 180_000);

afterAll(async () => {
  await t.close();
}, 120_000);

const cleanLedger = async () =>
  (await reconcileLedger(t.database.pool)).filter((check) => check.discrepancies > 0).map((check) => check.name);

describe('lottery settlement survives SIGKILL', () => {
  it('kills settling runners twice at random points; after the restart every ticket is settled exactly once', async () => {
    const [draw] = await query<{ id: string; game: string; draw_no: string }>(
      `SELECT d.id::text, g.code AS game, d.draw_no FROM lottery_draws d JOIN lottery_games g ON g.id = d.game_id
        WHERE g.code = 'FAST5' AND d.status = 'open' AND d.opens_at <= now() ORDER BY d.draw_at LIMIT 1`,
    );
    if (!draw) throw new Error('no open FAST5 draw');
    await query(
      `UPDATE lottery_draws SET closes_at = now() + interval '1 hour', draw_at = now() + interval '1 hour' WHERE id = $1`,
      [draw.id],
    );
    // 6 members × 4 purchases × 50 lines: digits on each position, big/small and odd/even, stakes 1.00-5.00.
    for (const name of NAMES) {
      for (let purchase = 0; purchase < 4; purchase += 1) {
        const lines = Array.from({ length: 50 }, (_, i) => {
          const stake = `${1 + ((i + purchase) % 5)}.00`;
          if (i % 3 === 0) return { betType: 'position', position: i % 5, numbers: [(i + purchase) % 10], stake };
          if (i % 3 === 1)
            return { betType: 'position_big_small', position: i % 5, side: i % 2 ? 'big' : 'small', stake };
          return { betType: 'sum_odd_even', side: (i + purchase) % 2 ? 'odd' : 'even', stake };
        });
        const bought = await client.send({
          method: 'POST',
          url: '/wps/lottery/tickets',
          moduleId: 'COMM3',
          token: tokens[name] ?? '',
          payload: { requestId: randomUUID(), gameCode: draw.game, drawNo: draw.draw_no, lines },
        });
        expect(bought.json().success).toBe(true);
      }
    }
    const TICKETS = NAMES.length * 4 * 50;
    expect(await count('SELECT count(*)::int AS n FROM lottery_tickets WHERE draw_id = $1', [draw.id])).toBe(TICKETS);
    await query(
      `UPDATE lottery_draws SET closes_at = now() - interval '1 ms', draw_at = now() - interval '1 ms' WHERE id = $1`,
      [draw.id],
    );
    const drawn = (await t.services.lottery.drawDue()).find((row) => row.id.toString() === draw.id);
    if (!drawn?.numbers) throw new Error('not drawn');
    const digits = drawn.numbers;

    // What each ticket must end as, recomputed here from the digits.
    const tickets = await query<{
      id: string;
      member_id: string;
      bet_type: string;
      position: number | null;
      numbers: number[] | null;
      side: string | null;
      stake: string;
      odds: number;
    }>(
      `SELECT id::text, member_id::text, bet_type, position, numbers::int[] AS numbers, side, stake::text, odds
         FROM lottery_tickets WHERE draw_id = $1`,
      [draw.id],
    );
    const expected = new Map<string, { status: string; payout: bigint }>();
    const net = new Map<string, bigint>();
    for (const ticket of tickets) {
      const selection: FiveDigitSelection = {
        betType: ticket.bet_type as FiveDigitSelection['betType'],
        ...(ticket.position === null ? {} : { position: ticket.position }),
        ...(ticket.numbers === null ? {} : { numbers: ticket.numbers }),
        ...(ticket.side === null ? {} : { side: ticket.side as LotterySide }),
      };
      const wins = fiveDigitWins(selection, digits);
      const payout = lotteryPayout(BigInt(ticket.stake), ticket.odds, wins);
      expected.set(ticket.id, { status: wins ? 'won' : 'lost', payout });
      net.set(ticket.member_id, (net.get(ticket.member_id) ?? 0n) - BigInt(ticket.stake) + payout);
    }

    const settledCount = () =>
      count(`SELECT count(*)::int AS n FROM lottery_tickets WHERE draw_id = $1 AND status <> 'pending'`, [draw.id]);
    const runners = (n: number) =>
      spawnRunners(
        path.resolve(import.meta.dirname, '../../../test/lottery-settlement-runner.ts'),
        { DATABASE_URL: t.database.url, DRAW_ID: draw.id, LOTTERY_BATCH: '40' },
        n,
      );
    let seed = Number(process.env.LOTTERY_KILL_SEED ?? Date.now() % 2_147_483_647);
    console.log(`lottery SIGKILL seed: ${seed} (LOTTERY_KILL_SEED to repeat)`);
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    // Kill points: somewhere in the first half, then somewhere before the end.
    const killPoints = [Math.floor(TICKETS * (0.05 + random() * 0.4)), Math.floor(TICKETS * (0.55 + random() * 0.35))];
    for (const [round, point] of killPoints.entries()) {
      const children = runners(3 - round);
      const until = Date.now() + 120_000;
      while ((await settledCount()) < point && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      await killProcesses(children);
      const settled = await settledCount();
      console.log(`killed ${children.length} runners at ${settled} of ${TICKETS} tickets settled (aimed at ${point})`);
      expect(settled).toBeGreaterThan(0);
      // Whatever the kill interrupted rolled back whole: the books balance and nothing is half-settled.
      expect(await cleanLedger()).toEqual([]);
      expect(
        await count(
          `SELECT count(*)::int AS n FROM lottery_tickets tk JOIN ledger_holds h ON h.id = tk.hold_id
            WHERE tk.draw_id = $1 AND (tk.status = 'pending') <> (h.status = 'active')`,
          [draw.id],
        ),
      ).toBe(0);
    }
    expect(await settledCount()).toBeLessThan(TICKETS);

    // The restart: the draw job's pass settles what is left.
    await t.services.lottery.runDue();
    expect(await settledCount()).toBe(TICKETS);

    const closed = await query<{ id: string; status: string; payout: string }>(
      'SELECT id::text, status, payout::text FROM lottery_tickets WHERE draw_id = $1',
      [draw.id],
    );
    for (const ticket of closed) {
      expect({ id: ticket.id, status: ticket.status, payout: BigInt(ticket.payout) }).toEqual({
        id: ticket.id,
        ...expected.get(ticket.id),
      });
    }
    for (const name of NAMES) {
      const [row] = await t.services.ledger.memberBalances({
        merchantCode: 'demo',
        currency: 'USD',
        memberId: ids[name] ?? '',
        wallets: ['main'],
      });
      expect(row).toMatchObject({ balance: START + (net.get(ids[name] ?? '') ?? 0n), held: 0n });
    }
    // Each hold captured once, into one capture movement of its member.
    expect(
      await count(
        `SELECT count(*)::int AS n FROM lottery_tickets tk JOIN ledger_holds h ON h.id = tk.hold_id
          JOIN ledger_transactions x ON x.id = h.settled_transaction_id
         WHERE tk.draw_id = $1 AND h.status = 'posted' AND x.type = 'lottery_stake'`,
        [draw.id],
      ),
    ).toBe(TICKETS);
    const [money] = await query<{ staked: string; captured: string; payouts: string; paid: string }>(
      `SELECT (SELECT sum(stake)::text FROM lottery_tickets WHERE draw_id = $1) AS staked,
              (SELECT (-sum(p.amount))::text FROM ledger_postings p JOIN ledger_transactions x ON x.id = p.transaction_id
                 JOIN ledger_accounts a ON a.id = p.account_id
                WHERE x.type = 'lottery_stake' AND x.reference = $1::text AND a.owner_type = 'member') AS captured,
              (SELECT sum(payout)::text FROM lottery_tickets WHERE draw_id = $1) AS payouts,
              (SELECT coalesce(sum(p.amount), 0)::text FROM ledger_postings p JOIN ledger_transactions x ON x.id = p.transaction_id
                 JOIN ledger_accounts a ON a.id = p.account_id
                WHERE x.type = 'lottery_payout' AND x.reference = $1::text AND a.owner_type = 'member') AS paid`,
      [draw.id],
    );
    expect(money?.captured).toBe(money?.staked);
    expect(money?.paid).toBe(money?.payouts);
    // One bet.settled per ticket, none twice; every round settled with the ticket's payout.
    const [events] = await query<{ total: number; distinct: number }>(
      `SELECT count(*)::int AS total, count(DISTINCT payload->>'roundRef')::int AS distinct FROM events
        WHERE name = 'bet.settled' AND payload->>'roundRef' IN (SELECT id::text FROM lottery_tickets WHERE draw_id = $1)`,
      [draw.id],
    );
    expect(events).toEqual({ total: TICKETS, distinct: TICKETS });
    expect(
      await count(
        `SELECT count(*)::int AS n FROM bet_rounds b JOIN lottery_tickets tk ON b.round_ref = tk.id::text
          WHERE tk.draw_id = $1 AND b.source = 'lottery' AND b.status = 'settled' AND b.payout = tk.payout`,
        [draw.id],
      ),
    ).toBe(TICKETS);
    expect(
      (await query<{ status: string }>('SELECT status FROM lottery_draws WHERE id = $1', [draw.id]))[0]?.status,
    ).toBe('settled');
    expect(await cleanLedger()).toEqual([]);
  }, 600_000);
});
