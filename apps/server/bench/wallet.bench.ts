/**
 * npm run bench:wallet — ledger transfers per second and latency at 1 and 16 concurrent callers, beside a
 * baseline of one bare guarded `UPDATE … RETURNING` statement (no transaction record, no postings, no
 * idempotency) measured in the same run on the same database. Prints the ratio.
 * Uses DATABASE_URL's server when set, else an embedded PostgreSQL under apps/server/.tmp/bench.
 */
import { createLedgerService } from '../src/modules/ledger';
import { createLedgerRepository } from '../src/modules/ledger/ledger.repository';
import { benchDatabase, measure } from './bench-support';

const main = async () => {
  const { database, drop } = await benchDatabase('bench_wallet', 20);
  const ledger = createLedgerService(createLedgerRepository(database.db, database.pool));
  const accounts = Array.from({ length: 200 }, (_, i) => ({ member: `w${i}`, wallet: 'main' as const }));
  for (const [i, account] of accounts.entries()) {
    await ledger.transfer({
      merchantCode: 'bench',
      currency: 'USD',
      type: 'deposit',
      idempotencyKey: `seed${i}`,
      from: { house: 'deposits' },
      to: account,
      amount: 10_000_000n,
    });
  }
  await database.pool.query(
    'CREATE TABLE bench_balances (id int PRIMARY KEY, balance bigint NOT NULL CHECK (balance >= 0))',
  );
  await database.pool.query('INSERT INTO bench_balances SELECT g, 10000000 FROM generate_series(0, 199) g');

  const results: Record<string, number> = {};
  for (const concurrency of [1, 16]) {
    const total = concurrency === 1 ? 2_000 : 10_000;
    const pick = (i: number) => {
      const a = (i * 7919) % 200;
      return { a, b: (a + 1 + (i % 199)) % 200 };
    };
    results[`raw${concurrency}`] = await measure('raw guarded UPDATE (baseline)', concurrency, total, (i) => {
      const { a, b } = pick(i);
      return database.pool.query(
        `WITH d AS (UPDATE bench_balances SET balance = balance - 1 WHERE id = $1 AND balance >= 1 RETURNING id)
         UPDATE bench_balances SET balance = balance + 1 WHERE id = $2 AND EXISTS (SELECT 1 FROM d) RETURNING balance`,
        [a, b],
      );
    });
    results[`ledger${concurrency}`] = await measure('ledger transfer (idempotent, posted)', concurrency, total, (i) => {
      const { a, b } = pick(i);
      return ledger.transfer({
        merchantCode: 'bench',
        currency: 'USD',
        type: 'transfer',
        idempotencyKey: `c${concurrency}-${i}`,
        from: accounts[a] ?? { member: 'x', wallet: 'main' },
        to: accounts[b] ?? { member: 'y', wallet: 'main' },
        amount: 1n,
      });
    });
    console.log(
      `  ratio ledger / raw at ${concurrency}: ${((results[`ledger${concurrency}`] ?? 0) / (results[`raw${concurrency}`] ?? 1)).toFixed(2)}`,
    );
  }
  await drop();
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
