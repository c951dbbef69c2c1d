import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { AppError } from '../../platform/http/app-error';
import { reconcileLedger } from './ledger.reconcile';
import { createLedgerRepository } from './ledger.repository';
import { type AccountRef, createLedgerService, type LedgerService } from './ledger.service';

let database: TestDatabase;
let ledger: LedgerService;
const M = 'demo';
const USD = 'USD';
const alice: AccountRef = { member: 'alice', wallet: 'main' };
const bob: AccountRef = { member: 'bob', wallet: 'main' };
const deposits: AccountRef = { house: 'deposits' };
const withdrawals: AccountRef = { house: 'withdrawals' };

const codeOf = async (promise: Promise<unknown>): Promise<string> => {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
};
const available = async (account: AccountRef, merchantCode = M) =>
  (await ledger.balance({ merchantCode, currency: USD, account })).available;
const count = async (table: string) =>
  (await database.pool.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n as number;

beforeAll(async () => {
  database = await createTestDatabase();
  ledger = createLedgerService(createLedgerRepository(database.pool));
});
afterAll(async () => {
  const report = await reconcileLedger(database.pool);
  expect(report.filter((check) => check.discrepancies > 0)).toEqual([]);
  await database.drop();
});

describe('movements', () => {
  it('moves money between accounts with balanced postings and running balances', async () => {
    const deposit = await ledger.transfer({
      merchantCode: M,
      currency: USD,
      type: 'deposit',
      idempotencyKey: 'd1',
      from: deposits,
      to: alice,
      amount: 10_000n,
    });
    expect(deposit.replayed).toBe(false);
    expect(deposit.postings.map((p) => p.amount)).toEqual([-10_000n, 10_000n]);
    expect(deposit.postings[1]?.balanceAfter).toBe(10_000n);
    await ledger.transfer({
      merchantCode: M,
      currency: USD,
      type: 'transfer',
      idempotencyKey: 't1',
      from: alice,
      to: bob,
      amount: 2_500n,
    });
    expect(await available(alice)).toBe(7_500n);
    expect(await available(bob)).toBe(2_500n);
    expect(await available(deposits)).toBe(-10_000n);
  });

  it('refuses to take a member below zero, and writes nothing', async () => {
    const transactions = await count('ledger_transactions');
    expect(
      await codeOf(
        ledger.transfer({
          merchantCode: M,
          currency: USD,
          type: 'transfer',
          idempotencyKey: 't2',
          from: bob,
          to: alice,
          amount: 2_501n,
        }),
      ),
    ).toBe('insufficient_funds');
    expect(await count('ledger_transactions')).toBe(transactions);
    expect(await available(bob)).toBe(2_500n);
  });

  it('refuses zero, negative and oversized amounts', async () => {
    for (const amount of [0n, -5n, 2n ** 60n]) {
      expect(
        await codeOf(
          ledger.transfer({
            merchantCode: M,
            currency: USD,
            type: 'transfer',
            idempotencyKey: `bad${amount}`,
            from: alice,
            to: bob,
            amount,
          }),
        ),
      ).toBe('validation_failed');
    }
  });

  it('keeps transactions and postings immutable and balanced', async () => {
    await expect(database.pool.query('UPDATE ledger_postings SET amount = amount + 1')).rejects.toThrow(/immutable/);
    await expect(database.pool.query('DELETE FROM ledger_transactions')).rejects.toThrow(/immutable/);
    const client = await database.pool.connect();
    try {
      await client.query('BEGIN');
      const tx = await client.query(
        "INSERT INTO ledger_transactions (merchant_code, type, idempotency_key, request_hash) VALUES ('demo', 'x', 'forged', 'h') RETURNING id",
      );
      const account = await client.query("SELECT id FROM ledger_accounts WHERE owner_id = 'alice'");
      await client.query(
        'INSERT INTO ledger_postings (transaction_id, account_id, amount, balance_after) VALUES ($1, $2, 100, 100)',
        [tx.rows[0].id, account.rows[0].id],
      );
      await expect(client.query('COMMIT')).rejects.toThrow(/does not balance/);
    } finally {
      client.release();
    }
  });
});

describe('idempotency', () => {
  const pay = (key: string, amount = 100n) =>
    ledger.transfer({
      merchantCode: M,
      currency: USD,
      type: 'transfer',
      idempotencyKey: key,
      from: alice,
      to: bob,
      amount,
    });

  it('applies a key once when sent ten times in a row, answering each time with the first result', async () => {
    const results = [];
    for (let i = 0; i < 10; i++) results.push(await pay('seq-1'));
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(results.map((r) => r.postings)).toEqual(Array(10).fill(results[0]?.postings));
  });

  it('applies a key once when sent ten times at once', async () => {
    const before = await available(alice);
    const results = await Promise.all(Array.from({ length: 10 }, () => pay('par-1')));
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await available(alice)).toBe(before - 100n);
  });

  it('refuses the same key with another amount, and changes nothing', async () => {
    const before = await available(alice);
    expect(await codeOf(pay('seq-1', 101n))).toBe('idempotency_conflict');
    expect(await available(alice)).toBe(before);
  });
});

describe('holds', () => {
  it('holds funds, then posts them exactly once', async () => {
    const start = await available(alice);
    const hold = await ledger.hold({
      merchantCode: M,
      currency: USD,
      idempotencyKey: 'h1',
      account: alice,
      amount: 1_000n,
    });
    expect(await available(alice)).toBe(start - 1_000n);
    expect(
      await codeOf(
        ledger.transfer({
          merchantCode: M,
          currency: USD,
          type: 'transfer',
          idempotencyKey: 'h1-spend',
          from: alice,
          to: bob,
          amount: start - 999n,
        }),
      ),
    ).toBe('insufficient_funds');
    const capture = () =>
      ledger.capture({
        merchantCode: M,
        currency: USD,
        holdId: hold.holdId,
        to: withdrawals,
        type: 'withdrawal',
        idempotencyKey: 'h1-capture',
      });
    const [first, second] = await Promise.all([capture(), capture()]);
    expect([first.replayed, second.replayed].sort()).toEqual([false, true]);
    expect(first.transactionId).toBe(second.transactionId);
    expect(await codeOf(ledger.void({ merchantCode: M, holdId: hold.holdId }))).toBe('hold_already_settled');
    expect(await available(alice)).toBe(start - 1_000n);
    expect((await ledger.balance({ merchantCode: M, currency: USD, account: alice })).held).toBe(0n);
  });

  it('voids a hold, freeing the money, exactly once', async () => {
    const start = await available(alice);
    const hold = await ledger.hold({
      merchantCode: M,
      currency: USD,
      idempotencyKey: 'h2',
      account: alice,
      amount: 500n,
    });
    await ledger.void({ merchantCode: M, holdId: hold.holdId });
    const again = await ledger.void({ merchantCode: M, holdId: hold.holdId });
    expect(again.replayed).toBe(true);
    expect(await available(alice)).toBe(start);
    expect(
      await codeOf(
        ledger.capture({
          merchantCode: M,
          currency: USD,
          holdId: hold.holdId,
          to: withdrawals,
          type: 'withdrawal',
          idempotencyKey: 'h2-c',
        }),
      ),
    ).toBe('hold_already_settled');
  });

  it('refuses a hold larger than what is available', async () => {
    expect(
      await codeOf(
        ledger.hold({ merchantCode: M, currency: USD, idempotencyKey: 'h3', account: bob, amount: 10n ** 9n }),
      ),
    ).toBe('insufficient_funds');
  });
});

describe('the ledger against an in-memory model', () => {
  it('agrees with the model on every balance after any sequence of operations', async () => {
    let run = 0;
    const members = ['m0', 'm1', 'm2'] as const;
    const operation = fc.oneof(
      fc.record({ op: fc.constant('deposit' as const), to: fc.constantFrom(...members), amount: fc.bigInt(1n, 500n) }),
      fc.record({
        op: fc.constant('transfer' as const),
        from: fc.constantFrom(...members),
        to: fc.constantFrom(...members),
        amount: fc.bigInt(1n, 500n),
      }),
      fc.record({ op: fc.constant('hold' as const), from: fc.constantFrom(...members), amount: fc.bigInt(1n, 300n) }),
      fc.record({ op: fc.constant('settle' as const), which: fc.nat(20), capture: fc.boolean() }),
      fc.record({ op: fc.constant('replay' as const), which: fc.nat(20) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (operations) => {
        const merchantCode = `model${run++}`;
        const balance = new Map<string, bigint>(members.map((m) => [m, 0n]));
        const held = new Map<string, bigint>(members.map((m) => [m, 0n]));
        const holds: { id: bigint; member: string; amount: bigint; settled: boolean }[] = [];
        const done: { key: string; from: string; to: string; amount: bigint }[] = [];
        let n = 0;
        const ref = (member: string): AccountRef => ({ member, wallet: 'main' });
        const free = (m: string) => (balance.get(m) ?? 0n) - (held.get(m) ?? 0n);
        for (const step of operations) {
          const key = `k${n++}`;
          if (step.op === 'deposit') {
            await ledger.transfer({
              merchantCode,
              currency: USD,
              type: 'deposit',
              idempotencyKey: key,
              from: deposits,
              to: ref(step.to),
              amount: step.amount,
            });
            balance.set(step.to, (balance.get(step.to) ?? 0n) + step.amount);
          } else if (step.op === 'transfer') {
            const outcome = await codeOf(
              ledger.transfer({
                merchantCode,
                currency: USD,
                type: 'transfer',
                idempotencyKey: key,
                from: ref(step.from),
                to: ref(step.to),
                amount: step.amount,
              }),
            );
            const expected = free(step.from) >= step.amount ? 'ok' : 'insufficient_funds';
            expect(outcome).toBe(expected);
            if (outcome === 'ok') {
              balance.set(step.from, (balance.get(step.from) ?? 0n) - step.amount);
              balance.set(step.to, (balance.get(step.to) ?? 0n) + step.amount);
              done.push({ key, from: step.from, to: step.to, amount: step.amount });
            }
          } else if (step.op === 'hold') {
            const expected = free(step.from) >= step.amount;
            try {
              const hold = await ledger.hold({
                merchantCode,
                currency: USD,
                idempotencyKey: key,
                account: ref(step.from),
                amount: step.amount,
              });
              expect(expected).toBe(true);
              held.set(step.from, (held.get(step.from) ?? 0n) + step.amount);
              holds.push({ id: hold.holdId, member: step.from, amount: step.amount, settled: false });
            } catch (error) {
              expect(expected).toBe(false);
              expect((error as AppError).code).toBe('insufficient_funds');
            }
          } else if (step.op === 'settle' && holds.length > 0) {
            const hold = holds[step.which % holds.length];
            if (hold && !hold.settled) {
              if (step.capture) {
                await ledger.capture({
                  merchantCode,
                  currency: USD,
                  holdId: hold.id,
                  to: withdrawals,
                  type: 'withdrawal',
                  idempotencyKey: `${key}c`,
                });
                balance.set(hold.member, (balance.get(hold.member) ?? 0n) - hold.amount);
              } else {
                await ledger.void({ merchantCode, holdId: hold.id });
              }
              held.set(hold.member, (held.get(hold.member) ?? 0n) - hold.amount);
              hold.settled = true;
            }
          } else if (step.op === 'replay' && done.length > 0) {
            const previous = done[step.which % done.length];
            if (previous) {
              const again = await ledger.transfer({
                merchantCode,
                currency: USD,
                type: 'transfer',
                idempotencyKey: previous.key,
                from: ref(previous.from),
                to: ref(previous.to),
                amount: previous.amount,
              });
              expect(again.replayed).toBe(true);
            }
          }
        }
        for (const member of members) {
          const actual = await ledger.balance({ merchantCode, currency: USD, account: ref(member) });
          expect(actual.balance).toBe(balance.get(member));
          expect(actual.held).toBe(held.get(member));
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('conservation under contention', () => {
  it('keeps the books whole through 20,000 random operations from 32 workers over 100 accounts', async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 32 });
    pool.on('error', () => {});
    const busy = createLedgerService(createLedgerRepository(pool));
    const merchantCode = 'load';
    const accounts = Array.from({ length: 100 }, (_, i) => ({ member: `p${i}`, wallet: 'main' as const }));
    for (const [i, account] of accounts.entries()) {
      await busy.transfer({
        merchantCode,
        currency: USD,
        type: 'deposit',
        idempotencyKey: `seed${i}`,
        from: deposits,
        to: account,
        amount: 50_000n,
      });
    }
    const accepted: string[] = [];
    let refused = 0;
    let op = 0;
    const total = 20_000;
    const random = (n: number) => Math.floor(Math.random() * n);
    const worker = async () => {
      while (op < total) {
        const key = `op${op++}`;
        const a = accounts[random(100)] ?? alice;
        const b = accounts[random(100)] ?? bob;
        const amount = BigInt(1 + random(2_000));
        const kind = random(4);
        try {
          if (kind === 0)
            await busy.transfer({
              merchantCode,
              currency: USD,
              type: 'deposit',
              idempotencyKey: key,
              from: deposits,
              to: a,
              amount,
            });
          else if (kind === 1)
            await busy.transfer({
              merchantCode,
              currency: USD,
              type: 'transfer',
              idempotencyKey: key,
              from: a,
              to: b,
              amount,
            });
          else {
            const hold = await busy.hold({ merchantCode, currency: USD, idempotencyKey: key, account: a, amount });
            if (kind === 2)
              await busy.capture({
                merchantCode,
                currency: USD,
                holdId: hold.holdId,
                to: withdrawals,
                type: 'withdrawal',
                idempotencyKey: `${key}c`,
              });
            else await busy.void({ merchantCode, holdId: hold.holdId });
          }
          if (kind !== 3) accepted.push(kind === 2 ? `${key}c` : key);
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== 'insufficient_funds') throw error;
          refused++;
        }
      }
    };
    await Promise.all(Array.from({ length: 32 }, worker));
    const sums = await pool.query(
      "SELECT sum(balance)::text AS total, min(balance - held)::text AS least FROM ledger_accounts WHERE merchant_code = 'load' AND NOT allow_negative",
    );
    const houses = await pool.query(
      "SELECT sum(balance)::text AS total FROM ledger_accounts WHERE merchant_code = 'load' AND allow_negative",
    );
    expect(BigInt(sums.rows[0].total) + BigInt(houses.rows[0].total)).toBe(0n);
    expect(BigInt(sums.rows[0].least)).toBeGreaterThanOrEqual(0n);
    const applied = await pool.query(
      "SELECT count(*)::int AS n FROM ledger_transactions WHERE merchant_code = 'load' AND idempotency_key NOT LIKE 'seed%'",
    );
    expect(applied.rows[0].n).toBe(accepted.length);
    expect(accepted.length + refused).toBeGreaterThan(0);
    const report = await reconcileLedger(pool);
    expect(report.filter((check) => check.discrepancies > 0)).toEqual([]);
    await pool.end();
  }, 600_000);
});
