import type pg from 'pg';

export interface ReconcileCheck {
  name: string;
  discrepancies: number;
  samples: unknown[];
}

/** Each invariant of the ledger as a query that lists what breaks it (decision 0011). */
const checks: { name: string; sql: string }[] = [
  {
    name: 'every transaction balances: two or more legs, one currency, summing to zero',
    sql: `SELECT t.id, coalesce(sum(p.amount), 0) AS total, count(p.id) AS legs, count(DISTINCT a.currency) AS currencies
            FROM ledger_transactions t
            LEFT JOIN ledger_postings p ON p.transaction_id = t.id
            LEFT JOIN ledger_accounts a ON a.id = p.account_id
           GROUP BY t.id
          HAVING coalesce(sum(p.amount), 0) <> 0 OR count(p.id) < 2 OR count(DISTINCT a.currency) <> 1`,
  },
  {
    name: 'every cached balance equals the sum of its postings',
    sql: `SELECT a.id, a.balance, coalesce(p.total, 0) AS postings
            FROM ledger_accounts a
            LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_postings GROUP BY account_id) p ON p.account_id = a.id
           WHERE a.balance <> coalesce(p.total, 0)`,
  },
  {
    name: 'every posting records the running balance of its account',
    sql: `SELECT id, account_id, balance_after, running
            FROM (SELECT id, account_id, balance_after,
                         sum(amount) OVER (PARTITION BY account_id ORDER BY id) AS running
                    FROM ledger_postings) x
           WHERE balance_after <> running`,
  },
  {
    name: 'no member account below zero available',
    sql: `SELECT id, balance, held FROM ledger_accounts WHERE NOT allow_negative AND (balance - held < 0 OR balance < 0)`,
  },
  {
    name: 'every account’s held amount equals its active holds',
    sql: `SELECT a.id, a.held, coalesce(h.total, 0) AS active
            FROM ledger_accounts a
            LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_holds WHERE status = 'active' GROUP BY account_id) h
              ON h.account_id = a.id
           WHERE a.held <> coalesce(h.total, 0)`,
  },
  {
    name: 'every settled capture has its transaction, every void has none',
    sql: `SELECT id, status, settled_transaction_id FROM ledger_holds
           WHERE (status = 'posted' AND settled_transaction_id IS NULL)
              OR (status <> 'posted' AND settled_transaction_id IS NOT NULL)`,
  },
  {
    name: 'the immutability and balance triggers are in place',
    sql: `SELECT required.name FROM (VALUES ('ledger_transactions_immutable'), ('ledger_postings_immutable'),
                 ('ledger_postings_balanced')) AS required(name)
           WHERE NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgname = required.name AND NOT t.tgisinternal)`,
  },
];

/** Runs every check over the whole database; an empty `discrepancies` everywhere means the books hold. */
export const reconcileLedger = async (pool: pg.Pool): Promise<ReconcileCheck[]> => {
  const results: ReconcileCheck[] = [];
  for (const check of checks) {
    const { rows } = await pool.query(`SELECT * FROM (${check.sql}) q LIMIT 5`);
    const { rows: counted } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${check.sql}) q`);
    results.push({ name: check.name, discrepancies: counted[0]?.n ?? 0, samples: rows });
  }
  return results;
};
