import { rgLimitKinds, rgPeriods } from '@tessera/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { AppError } from '../../platform/http/app-error';
import { hashPassword } from '../../platform/security/password';
import { reconcileLedger } from '../ledger';
import { periodStart } from './responsible-gaming.service';

/**
 * Random sequences of deposits, stakes from every source, wins, returned stakes, limit changes (lowerings, raises,
 * removals, early confirmations) and clock jumps, against the real ledger and its guard. After every accepted
 * stake or deposit the usage in the database is read back against every limit in force it counts towards (a
 * lowering may leave earlier usage above the new limit, which then refuses everything): no overshoot; and every
 * decision matches a model of the rules. A raise is never in force before its 24 hours (the confirmation is
 * refused on the service's clock, which does not move here).
 */

let t: TestApp;
let merchant: { code: string; settings: { currency: string } };
let sequence = 0;
let passwordHash = '';

type Kind = (typeof rgLimitKinds)[number];
type Period = (typeof rgPeriods)[number];
type Op =
  | { op: 'deposit'; amount: number }
  | { op: 'stake'; type: 'inhouse.stake' | 'game_bet'; amount: number }
  | { op: 'win'; type: 'inhouse.payout' | 'game_win'; amount: number }
  | { op: 'refund' }
  | { op: 'limit'; kind: Kind; period: Period; amount: number | null }
  | { op: 'confirm'; kind: Kind; period: Period }
  | { op: 'jump'; days: number };

const kindArb = fc.constantFrom(...rgLimitKinds);
const periodArb = fc.constantFrom(...rgPeriods);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), amount: fc.integer({ min: 1, max: 60 }) }),
  fc.record({
    op: fc.constant('stake' as const),
    type: fc.constantFrom('inhouse.stake' as const, 'game_bet' as const),
    amount: fc.integer({ min: 1, max: 40 }),
  }),
  fc.record({
    op: fc.constant('stake' as const),
    type: fc.constantFrom('inhouse.stake' as const, 'game_bet' as const),
    amount: fc.integer({ min: 1, max: 40 }),
  }),
  fc.record({
    op: fc.constant('win' as const),
    type: fc.constantFrom('inhouse.payout' as const, 'game_win' as const),
    amount: fc.integer({ min: 1, max: 60 }),
  }),
  fc.record({ op: fc.constant('refund' as const) }),
  fc.record({
    op: fc.constant('limit' as const),
    kind: kindArb,
    period: periodArb,
    amount: fc.option(fc.integer({ min: 1, max: 80 }), { nil: null }),
  }),
  fc.record({ op: fc.constant('confirm' as const), kind: kindArb, period: periodArb }),
  fc.record({ op: fc.constant('jump' as const), days: fc.integer({ min: 1, max: 40 }) }),
);

beforeAll(async () => {
  t = await createTestApp();
  const demo = await t.services.merchants.get('demo');
  if (!demo) throw new Error('no demo merchant');
  merchant = { code: 'demo', settings: demo.settings };
  passwordHash = await hashPassword('Secret123');
});
afterAll(async () => {
  const report = await reconcileLedger(t.database.pool);
  expect(report.filter((check) => check.discrepancies > 0)).toEqual([]);
  await t.close();
});

const UNIT = 100n;

describe('the debit guard, property', () => {
  it('never lets a stake or deposit overshoot a limit in force, and never applies a raise early', async () => {
    let operations = 0;
    let refusals = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 30 }), async (ops) => {
        sequence += 1;
        const created = await t.services.members.create({
          merchantCode: 'demo',
          username: `rgprop${sequence}`,
          account: `rgprop${sequence}`,
          nickname: 'p',
          passwordHash,
        });
        if (!('row' in created)) throw new Error('member not created');
        const memberId = created.row.id;
        const principal = { memberId, merchantCode: 'demo', sessionId: '', type: 1 };
        const member = { member: memberId, wallet: 'main' } as const;
        // Money to play with that no limit counts (an operator adjustment).
        await t.services.ledger.transfer({
          merchantCode: 'demo',
          currency: 'USD',
          type: 'adjustment',
          idempotencyKey: `rgprop-fund-${sequence}`,
          from: { house: 'adjustments' },
          to: member,
          amount: 100_000n * UNIT,
        });
        // The model: usage per day offset (0 = today) and the limits in force.
        const usage = new Map<number, { deposited: bigint; wagered: bigint; lost: bigint }>();
        const limits = new Map<string, bigint>();
        const stakes: bigint[] = [];
        const today = () => {
          const row = usage.get(0) ?? { deposited: 0n, wagered: 0n, lost: 0n };
          usage.set(0, row);
          return row;
        };
        const now = new Date();
        const dayOf = (offset: number) => {
          const day = new Date(now);
          day.setUTCDate(day.getUTCDate() - offset);
          return day.toISOString().slice(0, 10);
        };
        const used = (kind: Kind, period: Period, extra: { deposited: bigint; wagered: bigint; lost: bigint }) => {
          const start = periodStart(period, now);
          let total = kind === 'deposit' ? extra.deposited : kind === 'wager' ? extra.wagered : extra.lost;
          for (const [offset, row] of usage) {
            if (dayOf(offset) < start) continue;
            total += kind === 'deposit' ? row.deposited : kind === 'wager' ? row.wagered : row.lost;
          }
          return total;
        };
        const modelRefuses = (kinds: readonly Kind[], extra: { deposited: bigint; wagered: bigint; lost: bigint }) =>
          kinds.some((kind) =>
            rgPeriods.some((period) => {
              const limit = limits.get(`${kind}:${period}`);
              return limit !== undefined && used(kind, period, extra) > limit;
            }),
          );
        /** After an accepted movement: every limit in force of the kinds it counts towards still holds. */
        const noOvershoot = async (kinds: readonly Kind[]) => {
          const { rows } = await t.database.pool.query<{ kind: Kind; period: Period; amount: string; used: string }>(
            `SELECT l.kind, l.period, l.amount::text,
                    coalesce((SELECT sum(CASE l.kind WHEN 'deposit' THEN u.deposited WHEN 'wager' THEN u.wagered ELSE u.lost END)
                       FROM rg_usage u WHERE u.member_id = l.member_id AND u.day <= (now() AT TIME ZONE 'UTC')::date
                        AND u.day >= CASE l.period WHEN 'day' THEN (now() AT TIME ZONE 'UTC')::date
                                     WHEN 'week' THEN date_trunc('week', (now() AT TIME ZONE 'UTC')::date)::date
                                     ELSE date_trunc('month', (now() AT TIME ZONE 'UTC')::date)::date END), 0)::text AS used
               FROM rg_limits l WHERE l.member_id = $1 AND l.amount IS NOT NULL AND l.kind = ANY($2::text[])`,
            [memberId, kinds],
          );
          for (const row of rows) {
            expect(BigInt(row.used), `${row.kind}/${row.period}`).toBeLessThanOrEqual(BigInt(row.amount));
          }
        };
        const move = async (
          type: string,
          from: typeof member | { house: 'deposits' | 'inhouse_games' },
          to: typeof member | { house: 'deposits' | 'inhouse_games' },
          amount: bigint,
        ) => {
          try {
            await t.services.ledger.transfer({
              merchantCode: 'demo',
              currency: 'USD',
              type,
              idempotencyKey: `rgprop-${sequence}-${operations}`,
              from,
              to,
              amount,
            });
            return null;
          } catch (error) {
            if (error instanceof AppError) return error.code;
            throw error;
          }
        };

        for (const op of ops) {
          operations += 1;
          if (op.op === 'deposit') {
            const amount = BigInt(op.amount) * UNIT;
            const expected = modelRefuses(['deposit'], { deposited: amount, wagered: 0n, lost: 0n });
            const refused = await move('deposit', { house: 'deposits' }, member, amount);
            expect(refused).toBe(expected ? 'responsible_gaming_limit' : null);
            if (refused) refusals += 1;
            else {
              today().deposited += amount;
              await noOvershoot(['deposit']);
            }
          } else if (op.op === 'stake') {
            const amount = BigInt(op.amount) * UNIT;
            const expected = modelRefuses(['wager', 'loss'], { deposited: 0n, wagered: amount, lost: amount });
            const refused = await move(op.type, member, { house: 'inhouse_games' }, amount);
            expect(refused).toBe(expected ? 'responsible_gaming_limit' : null);
            if (refused) refusals += 1;
            else {
              today().wagered += amount;
              today().lost += amount;
              stakes.push(amount);
              await noOvershoot(['wager', 'loss']);
            }
          } else if (op.op === 'win') {
            const amount = BigInt(op.amount) * UNIT;
            expect(await move(op.type, { house: 'inhouse_games' }, member, amount)).toBeNull();
            today().lost -= amount;
          } else if (op.op === 'refund') {
            const amount = stakes.pop();
            if (amount === undefined) continue;
            expect(await move('inhouse.refund', { house: 'inhouse_games' }, member, amount)).toBeNull();
            today().wagered -= amount;
            today().lost -= amount;
          } else if (op.op === 'limit') {
            const key = `${op.kind}:${op.period}`;
            const current = limits.get(key);
            const amount = op.amount === null ? null : BigInt(op.amount) * UNIT;
            const index = rgPeriods.indexOf(op.period);
            const misordered =
              amount !== null &&
              rgPeriods.some((period, other) => {
                const bound = limits.get(`${op.kind}:${period}`);
                if (bound === undefined || other === index) return false;
                return other < index ? bound > amount : bound < amount;
              });
            let code: string | null = null;
            try {
              await t.services.responsibleGaming.setLimit(merchant as never, principal, {
                kind: op.kind,
                period: op.period,
                amount: op.amount === null ? null : String(op.amount),
              });
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              code = error.code;
            }
            expect(code).toBe(misordered ? 'validation_failed' : null);
            // A lowering (or a first limit) is in force at once; a raise or removal is not.
            if (!misordered && amount !== null && (current === undefined || amount <= current)) limits.set(key, amount);
          } else if (op.op === 'confirm') {
            await expect(
              t.services.responsibleGaming.confirmLimit(merchant as never, principal, op),
            ).rejects.toMatchObject({ code: 'responsible_gaming_cooling' });
          } else {
            // Through days no row holds: one UPDATE moving each row by op.days can meet a row not yet moved on
            // the primary key (checked row by row), depending on the order the rows are read in.
            await t.database.pool.query('UPDATE rg_usage SET day = day - 100000 - $2::int WHERE member_id = $1', [
              memberId,
              op.days,
            ]);
            await t.database.pool.query('UPDATE rg_usage SET day = day + 100000 WHERE member_id = $1', [memberId]);
            const shifted = new Map<number, { deposited: bigint; wagered: bigint; lost: bigint }>();
            for (const [offset, row] of usage) shifted.set(offset + op.days, row);
            usage.clear();
            for (const [offset, row] of shifted) usage.set(offset, row);
          }
        }
        // The limits in force are the model's: no raise took effect.
        const { rows } = await t.database.pool.query<{ kind: string; period: string; amount: string | null }>(
          'SELECT kind, period, amount::text FROM rg_limits WHERE member_id = $1',
          [memberId],
        );
        for (const row of rows) {
          const expected = limits.get(`${row.kind}:${row.period}`);
          expect(row.amount === null ? undefined : BigInt(row.amount)).toBe(expected);
        }
      }),
      { numRuns: 80 },
    );
    console.log(
      `responsible-gaming property: ${operations} operations, ${refusals} refused by the guard, 0 overshoots`,
    );
    expect(refusals).toBeGreaterThan(0);
  }, 600_000);
});
