import { formatMinor, RG_COOLING_HOURS, type RgStatus, rgLimitKinds, rgPeriods } from '@tessera/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeReconciled } from '../../../test/close-reconciled';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { AppError } from '../../platform/http/app-error';
import { hashPassword } from '../../platform/security/password';
import { type LedgerExecutor, ledgerPostArguments, translateLedgerError } from '../ledger';
import { periodStart } from './responsible-gaming.service';

/**
 * Issue 31's proof: 10,000 random sequences (RG_SEQUENCES overrides the count) of deposits, stakes from every source,
 * wins, returned stakes, lottery draws, limit changes (lowerings, raises, removals, second confirmations) and clock
 * jumps of hours to weeks, run against the one enforcement point: the ledger's guard inside the movement's own
 * statement (decision 0062), reached through the ledger calls each source makes — `inhouse.stake`/`payout`/`refund`
 * transfers (dice and crash), a seamless `game_bet`/`game_win`/`game_rollback` movement prepared by the ledger and
 * applied by `ledger_post` as the seamless wallet's function does, a lottery ticket's hold and its draw
 * (`ledger_settle_holds`) or cancellation (`ledger_void_holds`), a deposit's credit — and the limit rules through
 * the service's `setLimit` / `confirmLimit`. Checked after every step:
 *  - no overshoot: after an accepted stake or deposit, the usage the database holds is within every limit in force it
 *    counts towards (a lowering may leave earlier usage above the new limit, which then refuses everything);
 *  - every decision of the guard and of the limit rules matches a model of the rules;
 *  - no increase early: an amount in force is never above any amount in force during the 24 hours before it.
 * A clock jump moves the stored moments back (usage days, `pending_since`), as the other responsible-gaming tests
 * move time. The sequences share one member whose rows are cleared between them (the ledger's rows stay).
 */

// 10,000 on demand (RG_SEQUENCES=10000: 410 s at load 4–9 on the shared two-core machine); fewer by default for CI.
const SEQUENCES = Number(process.env.RG_SEQUENCES ?? 1_500);
const UNIT = 100n;

type Kind = (typeof rgLimitKinds)[number];
type Period = (typeof rgPeriods)[number];
type Source = 'dice' | 'crash' | 'seamless' | 'lottery';
type Op =
  | { op: 'deposit'; amount: number }
  | { op: 'stake'; source: Source; amount: number }
  | { op: 'win'; source: Exclude<Source, 'lottery'>; amount: number }
  | { op: 'draw'; payout: number }
  | { op: 'rollback'; source: Source }
  | { op: 'limit'; kind: Kind; period: Period; pick: number; amount: number | null }
  | { op: 'confirm'; kind: Kind; period: Period; pick: number }
  | { op: 'jump'; hours: number };

const kindArb = fc.constantFrom(...rgLimitKinds);
const periodArb = fc.constantFrom(...rgPeriods);
const sourceArb = fc.constantFrom<Source>('dice', 'crash', 'seamless', 'lottery');
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant('deposit' as const), amount: fc.integer({ min: 1, max: 60 }) }), weight: 2 },
  {
    arbitrary: fc.record({
      op: fc.constant('stake' as const),
      source: sourceArb,
      amount: fc.integer({ min: 1, max: 40 }),
    }),
    weight: 5,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('win' as const),
      source: fc.constantFrom('dice' as const, 'crash' as const, 'seamless' as const),
      amount: fc.integer({ min: 1, max: 60 }),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ op: fc.constant('draw' as const), payout: fc.integer({ min: 0, max: 80 }) }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant('rollback' as const), source: sourceArb }), weight: 1 },
  {
    arbitrary: fc.record({
      op: fc.constant('limit' as const),
      kind: kindArb,
      period: periodArb,
      pick: fc.nat(8),
      amount: fc.option(fc.integer({ min: 1, max: 80 }), { nil: null, freq: 4 }),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({ op: fc.constant('confirm' as const), kind: kindArb, period: periodArb, pick: fc.nat(8) }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('jump' as const),
      // Often just either side of the 24 hours a raise waits, else anything from an hour to 40 days.
      hours: fc.oneof(
        fc.constantFrom(1, 22, 23, 24),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 24, max: 960 }),
      ),
    }),
    weight: 2,
  },
);

let t: TestApp;
let merchant: { code: string; settings: { currency: string } };
/** Sequences run on two lanes at once, each its own member and connection (the guard's work is the database's). */
const LANES = 2;
const lanes: {
  memberId: string;
  principal: { memberId: string; merchantCode: string; sessionId: string; type: number };
}[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const demo = await t.services.merchants.get('demo');
  if (!demo) throw new Error('no demo merchant');
  merchant = { code: 'demo', settings: demo.settings };
  const passwordHash = await hashPassword('Secret123');
  for (let lane = 0; lane < LANES; lane += 1) {
    const created = await t.services.members.create({
      merchantCode: 'demo',
      username: `rgsequences${lane}`,
      account: `rgsequences${lane}`,
      nickname: 'p',
      passwordHash,
    });
    if (!('row' in created)) throw new Error('member not created');
    const memberId = created.row.id;
    lanes.push({ memberId, principal: { memberId, merchantCode: 'demo', sessionId: '', type: 1 } });
    // Money to play with that no limit counts (an operator adjustment).
    await t.services.ledger.transfer({
      merchantCode: 'demo',
      currency: 'USD',
      type: 'adjustment',
      idempotencyKey: `rgseq-fund-${lane}`,
      from: { house: 'adjustments' },
      to: { member: memberId, wallet: 'main' },
      amount: 10n ** 13n,
    });
  }
});
afterAll(async () => {
  await closeReconciled(t);
});

interface Day {
  deposited: bigint;
  wagered: bigint;
  lost: bigint;
}

const codeOf = async (work: () => Promise<unknown>): Promise<string | null> => {
  try {
    await work();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
};

describe('the debit guard, 10,000 sequences', () => {
  it('never overshoots a limit in force and never applies an increase before 24 hours', async () => {
    const ledger = t.services.ledger;
    const pool = t.database.pool;
    const counts = { sequences: 0, operations: 0, refused: 0, accepted: 0, confirmed: 0, early: 0, overshootChecks: 0 };
    const bySource = new Map<string, number>();
    let key = 0;
    const lane = async ({ memberId, principal }: (typeof lanes)[number], runs: number, seed: number) => {
      const member = { member: memberId, wallet: 'main' } as const;
      // Movements on one connection, each in its own statement (as autocommit); the service uses the pool.
      const client = await pool.connect();
      // The lane's lottery holds still open: a failed sequence stops midway, and the next one cancels them.
      const openHolds = new Set<bigint>();
      try {
        await fc.assert(
          fc.asyncProperty(fc.array(opArb, { minLength: 4, maxLength: 24 }), async (ops) => {
            counts.sequences += 1;
            // A clean start (a failed sequence stops midway): open tickets' draws cancelled, choices and usage cleared.
            if (openHolds.size > 0) {
              await ledger.voidHolds(client, 'demo', [...openHolds]);
              openHolds.clear();
            }
            await client.query(
              `WITH usage AS (DELETE FROM rg_usage WHERE member_id = $1), history AS (DELETE FROM rg_history WHERE member_id = $1)
               DELETE FROM rg_limits WHERE member_id = $1`,
              [memberId],
            );
            // The model: usage by day offset (0 = the database's today), limits in force, raises waiting, open stakes.
            const usage = new Map<number, Day>();
            const limits = new Map<string, bigint>();
            const pending = new Map<string, { amount: bigint | null; since: number }>();
            // What the service last showed in force (minor units), and the member's last raise or removal asked for.
            const seen = new Map<string, number | null>();
            const asked = new Map<string, { amount: number | null; at: number }>();
            const stakes: { source: Exclude<Source, 'lottery'>; amount: bigint }[] = [];
            const tickets: { holdId: bigint; amount: bigint }[] = [];
            const now = new Date();
            let hours = 0; // virtual time since the sequence began
            let hourOfDay = now.getUTCHours() + now.getUTCMinutes() / 60;
            const today = () => {
              const row = usage.get(0) ?? { deposited: 0n, wagered: 0n, lost: 0n };
              usage.set(0, row);
              return row;
            };
            const dayOf = (offset: number) => {
              const day = new Date(now);
              day.setUTCDate(day.getUTCDate() - offset);
              return day.toISOString().slice(0, 10);
            };
            const used = (kind: Kind, period: Period, extra: Day) => {
              const start = periodStart(period, now);
              let total = kind === 'deposit' ? extra.deposited : kind === 'wager' ? extra.wagered : extra.lost;
              for (const [offset, row] of usage) {
                if (dayOf(offset) < start) continue;
                total += kind === 'deposit' ? row.deposited : kind === 'wager' ? row.wagered : row.lost;
              }
              return total;
            };
            const modelRefuses = (kinds: readonly Kind[], extra: Day) =>
              kinds.some((kind) =>
                rgPeriods.some((period) => {
                  const limit = limits.get(`${kind}:${period}`);
                  return limit !== undefined && used(kind, period, extra) > limit;
                }),
              );
            const misordered = (kind: Kind, period: Period, amount: bigint) => {
              const index = rgPeriods.indexOf(period);
              return rgPeriods.some((other, at) => {
                const bound = limits.get(`${kind}:${other}`);
                if (bound === undefined || at === index) return false;
                return at < index ? bound > amount : bound < amount;
              });
            };
            /** After an accepted movement: every limit in force of the kinds it counts towards still holds. */
            const noOvershoot = async (kinds: readonly Kind[]) => {
              counts.overshootChecks += 1;
              const { rows } = await client.query<{ kind: Kind; period: Period; amount: string; used: string }>(
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
                expect(BigInt(row.used), `overshoot of ${row.kind}/${row.period}`).toBeLessThanOrEqual(
                  BigInt(row.amount),
                );
              }
            };
            /** The limits the service reports: the model's, and never above one in force in the 24 hours before. */
            const observe = (status: RgStatus) => {
              for (const limit of status.limits) {
                const name = `${limit.kind}:${limit.period}`;
                const expected = limits.get(name);
                expect(limit.amount, name).toBe(expected === undefined ? null : formatMinor(expected, 'USD'));
                expect(limit.pending !== null, `${name} pending`).toBe(pending.has(name));
                // An increase or removal in force only for the amount the member asked for 24 hours before.
                const inForce = limit.amount === null ? null : Math.round(Number(limit.amount) * 100);
                const before = seen.get(name);
                if (before !== undefined && before !== null && (inForce === null || inForce > before)) {
                  const request = asked.get(name);
                  expect(
                    request !== undefined && request.amount === inForce && hours - request.at >= RG_COOLING_HOURS,
                    `${name} raised from ${before} to ${inForce} before 24 h`,
                  ).toBe(true);
                }
                seen.set(name, inForce);
              }
            };
            const stakeAccepted = (source: string, refused: string | null, expected: boolean) => {
              expect(refused, `${source} stake`).toBe(expected ? 'responsible_gaming_limit' : null);
              bySource.set(source, (bySource.get(source) ?? 0) + 1);
              if (refused) counts.refused += 1;
              else counts.accepted += 1;
              return refused === null;
            };

            for (const op of ops) {
              counts.operations += 1;
              key += 1;
              const idempotencyKey = `rgseq:${key}`;
              if (op.op === 'deposit') {
                const amount = BigInt(op.amount) * UNIT;
                const expected = modelRefuses(['deposit'], { deposited: amount, wagered: 0n, lost: 0n });
                const refused = await codeOf(() =>
                  ledger.transfer(
                    {
                      merchantCode: 'demo',
                      currency: 'USD',
                      type: 'deposit',
                      idempotencyKey,
                      from: { house: 'deposits' },
                      to: member,
                      amount,
                    },
                    client,
                  ),
                );
                if (stakeAccepted('deposit', refused, expected)) {
                  today().deposited += amount;
                  await noOvershoot(['deposit']);
                }
              } else if (op.op === 'stake') {
                const amount = BigInt(op.amount) * UNIT;
                const expected = modelRefuses(['wager', 'loss'], { deposited: 0n, wagered: amount, lost: amount });
                let holdId: bigint | null = null;
                const refused = await codeOf(async () => {
                  if (op.source === 'lottery') {
                    const hold = await ledger.hold(
                      {
                        merchantCode: 'demo',
                        currency: 'USD',
                        idempotencyKey: `lottery:hold:${idempotencyKey}`,
                        account: member,
                        amount,
                        reference: idempotencyKey,
                      },
                      client,
                    );
                    holdId = hold.holdId;
                  } else if (op.source === 'seamless') {
                    const prepared = await ledger.prepareTransfer({
                      merchantCode: 'demo',
                      currency: 'USD',
                      type: 'game_bet',
                      idempotencyKey,
                      from: member,
                      to: { house: 'game_providers' },
                      amount,
                    });
                    await applyPrepared(client, prepared);
                  } else {
                    await ledger.transfer(
                      {
                        merchantCode: 'demo',
                        currency: 'USD',
                        type: 'inhouse.stake',
                        idempotencyKey: `${op.source}:${idempotencyKey}`,
                        from: member,
                        to: { house: 'inhouse_games' },
                        amount,
                      },
                      client,
                    );
                  }
                });
                if (stakeAccepted(op.source, refused, expected)) {
                  today().wagered += amount;
                  today().lost += amount;
                  if (holdId !== null) {
                    tickets.push({ holdId, amount });
                    openHolds.add(holdId);
                  } else stakes.push({ source: op.source as Exclude<Source, 'lottery'>, amount });
                  await noOvershoot(['wager', 'loss']);
                }
              } else if (op.op === 'win') {
                const amount = BigInt(op.amount) * UNIT;
                if (op.source === 'seamless') {
                  await applyPrepared(
                    client,
                    await ledger.prepareTransfer({
                      merchantCode: 'demo',
                      currency: 'USD',
                      type: 'game_win',
                      idempotencyKey,
                      from: { house: 'game_providers' },
                      to: member,
                      amount,
                    }),
                  );
                } else {
                  await ledger.transfer(
                    {
                      merchantCode: 'demo',
                      currency: 'USD',
                      type: 'inhouse.payout',
                      idempotencyKey,
                      from: { house: 'inhouse_games' },
                      to: member,
                      amount,
                    },
                    client,
                  );
                }
                today().lost -= amount;
              } else if (op.op === 'draw') {
                // The oldest open ticket's draw: captured, and paid `payout` when it won.
                const ticket = tickets.shift();
                if (!ticket) continue;
                openHolds.delete(ticket.holdId);
                const payout = BigInt(op.payout) * UNIT;
                await ledger.settleHolds(client, {
                  merchantCode: 'demo',
                  currency: 'USD',
                  to: { house: 'lottery' },
                  stakeType: 'lottery_stake',
                  payoutType: 'lottery_payout',
                  keyPrefix: `rgseq:draw:${key}`,
                  reference: String(key),
                  holds: [ticket.holdId],
                  payouts: [payout],
                });
                today().lost -= payout;
              } else if (op.op === 'rollback') {
                // A provider's rollback or an in-house refund of the last open stake; a lottery draw cancelled.
                let amount: bigint | undefined;
                if (op.source === 'lottery') {
                  const ticket = tickets.pop();
                  if (!ticket) continue;
                  openHolds.delete(ticket.holdId);
                  expect(await ledger.voidHolds(client, 'demo', [ticket.holdId])).toBe(1);
                  amount = ticket.amount;
                } else {
                  const stake = stakes.pop();
                  if (!stake) continue;
                  amount = stake.amount;
                  const returned = { from: { house: 'inhouse_games' } as const, to: member, amount };
                  if (stake.source === 'seamless') {
                    await applyPrepared(
                      client,
                      await ledger.prepareTransfer({
                        merchantCode: 'demo',
                        currency: 'USD',
                        type: 'game_rollback',
                        idempotencyKey,
                        ...returned,
                        from: { house: 'game_providers' },
                      }),
                    );
                  } else {
                    await ledger.transfer(
                      {
                        merchantCode: 'demo',
                        currency: 'USD',
                        type: 'inhouse.refund',
                        idempotencyKey,
                        ...returned,
                      },
                      client,
                    );
                  }
                }
                today().wagered -= amount;
                today().lost -= amount;
              } else if (op.op === 'limit') {
                // Mostly a change of a limit in force (the `pick`-th), else any limit.
                const inForce = [...limits.keys()];
                const name = inForce[op.pick % (inForce.length + 1)] ?? `${op.kind}:${op.period}`;
                const [kind, period] = name.split(':') as [Kind, Period];
                const current = limits.get(name);
                const amount = op.amount === null ? null : BigInt(op.amount) * UNIT;
                const bad = amount !== null && misordered(kind, period, amount);
                let status: RgStatus | null = null;
                const code = await codeOf(async () => {
                  status = await t.services.responsibleGaming.setLimit(merchant as never, principal, {
                    kind,
                    period,
                    amount: op.amount === null ? null : String(op.amount),
                  });
                });
                expect(code, `limit ${name}`).toBe(bad ? 'validation_failed' : null);
                if (!bad) {
                  const request = amount === null ? null : Number(amount);
                  if (current !== undefined && (request === null || request > Number(current))) {
                    if (asked.get(name)?.amount !== request) asked.set(name, { amount: request, at: hours });
                  } else asked.delete(name);
                }
                if (!bad) {
                  if (amount !== null && (current === undefined || amount <= current)) {
                    limits.set(name, amount); // a lowering or a first limit: at once
                    pending.delete(name);
                  } else if (current === undefined) {
                    pending.delete(name); // removing nothing
                  } else {
                    const waiting = pending.get(name);
                    pending.set(name, {
                      amount,
                      since: waiting && waiting.amount === amount ? waiting.since : hours,
                    });
                  }
                }
                if (status) observe(status);
              } else if (op.op === 'confirm') {
                // Mostly a raise that is waiting (the `pick`-th), else any limit.
                const waitingNames = [...pending.keys()];
                const name = waitingNames[op.pick % (waitingNames.length + 1)] ?? `${op.kind}:${op.period}`;
                const [kind, period] = name.split(':') as [Kind, Period];
                const waiting = pending.get(name);
                const cooled = waiting !== undefined && hours - waiting.since >= RG_COOLING_HOURS;
                const bad = cooled && waiting.amount !== null && misordered(kind, period, waiting.amount);
                let status: RgStatus | null = null;
                const code = await codeOf(async () => {
                  status = await t.services.responsibleGaming.confirmLimit(merchant as never, principal, {
                    kind,
                    period,
                  });
                });
                expect(code, `confirm ${name}`).toBe(
                  !cooled ? 'responsible_gaming_cooling' : bad ? 'validation_failed' : null,
                );
                if (waiting && !cooled) counts.early += 1;
                if (cooled && !bad) {
                  counts.confirmed += 1;
                  if (waiting.amount === null) limits.delete(name);
                  else limits.set(name, waiting.amount);
                  pending.delete(name);
                }
                if (status) observe(status);
              } else {
                // The clock moves on: stored moments move back by as much.
                const days = Math.floor((hourOfDay + op.hours) / 24);
                hourOfDay = (hourOfDay + op.hours) % 24;
                hours += op.hours;
                await client.query(
                  `UPDATE rg_limits SET pending_since = pending_since - make_interval(hours => $2)
                WHERE member_id = $1 AND pending_since IS NOT NULL`,
                  [memberId, op.hours],
                );
                if (days > 0) {
                  // Through days no row holds: one UPDATE moving each row by `days` can meet a row not yet moved on
                  // the primary key (checked row by row), depending on the order the rows are read in.
                  await client.query('UPDATE rg_usage SET day = day - 100000 - $2::int WHERE member_id = $1', [
                    memberId,
                    days,
                  ]);
                  await client.query('UPDATE rg_usage SET day = day + 100000 WHERE member_id = $1', [memberId]);
                  const shifted = new Map<number, Day>();
                  for (const [offset, row] of usage) shifted.set(offset + days, row);
                  usage.clear();
                  for (const [offset, row] of shifted) usage.set(offset, row);
                }
              }
            }
            // The end of the sequence: what the database holds in force is the model's.
            const { rows } = await client.query<{ kind: string; period: string; amount: string | null }>(
              'SELECT kind, period, amount::text FROM rg_limits WHERE member_id = $1',
              [memberId],
            );
            for (const row of rows) {
              const expected = limits.get(`${row.kind}:${row.period}`);
              expect(row.amount === null ? undefined : BigInt(row.amount), `${row.kind}:${row.period}`).toBe(expected);
            }
          }),
          { numRuns: runs, seed },
        );
      } finally {
        client.release();
      }
    };
    const seed = Number(process.env.RG_SEED ?? Date.now() % 2 ** 31);
    console.log(`responsible-gaming sequences: seed ${seed} (RG_SEED replays)`);
    await Promise.all(
      lanes.map((one, index) =>
        lane(one, Math.floor(SEQUENCES / LANES) + (index < SEQUENCES % LANES ? 1 : 0), seed + index),
      ),
    );
    console.log(
      `responsible-gaming sequences: ${counts.sequences} sequences, ${counts.operations} operations; ` +
        `${counts.accepted} stakes and deposits accepted, ${counts.refused} refused by the guard ` +
        `(by source: ${[...bySource].map(([source, n]) => `${source} ${n}`).join(', ')}); ` +
        `${counts.overshootChecks} overshoot checks, 0 overshoots; ${counts.confirmed} increases confirmed after 24 h, ` +
        `${counts.early} refused before`,
    );
    expect(counts.refused).toBeGreaterThan(0);
    expect(counts.confirmed).toBeGreaterThan(0);
    expect(counts.early).toBeGreaterThan(0);
  }, 900_000);
});

/** Applies a prepared movement with ledger_post in one statement, as the seamless wallet's database function does. */
const applyPrepared = async (
  executor: LedgerExecutor,
  prepared: Awaited<ReturnType<TestApp['services']['ledger']['prepareTransfer']>>,
) => {
  try {
    await executor.query('SELECT * FROM ledger_post($1, $2, $3, $4, $5, $6, $7, $8)', [
      prepared.merchantCode,
      ...ledgerPostArguments(prepared),
    ]);
  } catch (error) {
    translateLedgerError(error);
  }
};
