import type pg from 'pg';
import { AppError } from '../../platform/http/app-error';

export interface AccountIdentity {
  merchantCode: string;
  ownerType: 'member' | 'house';
  ownerId: string;
  kind: string;
  currency: string;
  shard: number;
}

/**
 * Where a movement's statement runs: the pool (its own transaction) or a client inside a caller's open
 * transaction, so a module can make a movement and its own rows commit or roll back together.
 */
export type LedgerExecutor = Pick<pg.PoolClient, 'query'>;

export interface PostingResult {
  transactionId: bigint;
  replayed: boolean;
  postings: { accountId: bigint; amount: bigint; balanceAfter: bigint }[];
}

/**
 * A movement checked and resolved by the ledger (amounts, accounts, request hash) but not yet applied: a module's
 * database function applies it with `ledger_post` in the same statement as its own rows (decision 0022), passing
 * `ledgerPostArguments(prepared)` in ledger_post's order. ledger_post stays the only writer of ledger rows.
 */
export interface PreparedMovement {
  merchantCode: string;
  type: string;
  idempotencyKey: string;
  requestHash: string;
  reference: string | null;
  metadata: Record<string, unknown>;
  accountIds: bigint[];
  amounts: bigint[];
}

/** ledger_post's arguments after the merchant code (type, key, hash, reference, metadata, accounts, amounts). */
export const ledgerPostArguments = (movement: PreparedMovement): unknown[] => [
  movement.type,
  movement.idempotencyKey,
  movement.requestHash,
  movement.reference,
  JSON.stringify(movement.metadata),
  movement.accountIds.map(String),
  movement.amounts.map(String),
];

/**
 * The ledger functions signal with SQLSTATEs LD001–LD005 (migration 0005), its responsible-gaming guard with
 * RG001–RG002; each becomes a catalogue code. Also
 * for modules whose database functions apply a PreparedMovement through ledger_post.
 */
export const translateLedgerError = (error: unknown): never => {
  const code = (error as { code?: string }).code;
  if (code === 'LD001') throw new AppError('idempotency_conflict');
  if (code === 'LD002') throw new AppError('insufficient_funds');
  if (code === 'LD003') throw new AppError('hold_already_settled');
  if (code === 'LD004') throw new AppError('not_found');
  if (code === 'LD005')
    throw new AppError('validation_failed', { fieldErrors: [{ path: 'amount', code: 'field_invalid' }] });
  // The responsible-gaming debit guard (migration 0019, decision 0062): DETAIL names the limit or the block.
  if (code === 'RG001' || code === 'RG002') {
    const [kind, period] = ((error as { detail?: string }).detail ?? '').split(':');
    throw new AppError(code === 'RG001' ? 'responsible_gaming_limit' : 'responsible_gaming_blocked', {
      value: { kind: kind ?? null, period: period ?? null },
    });
  }
  throw error;
};

interface PostingRaw {
  id: string;
  transaction_id: string;
  type: string;
  kind: string;
  amount: string;
  balance_after: string;
  currency: string;
  reference: string | null;
  created_at: Date;
}

/** A member's posting as the entry lists read it. */
const postingOf = (row: PostingRaw) => ({
  postingId: BigInt(row.id),
  transactionId: BigInt(row.transaction_id),
  type: row.type,
  kind: row.kind,
  amount: BigInt(row.amount),
  balanceAfter: BigInt(row.balance_after),
  currency: row.currency,
  reference: row.reference,
  createdAt: row.created_at,
});

/**
 * `replica`: the read replica when one is configured (decision 0161), for the team lists and daily house figures;
 * a member's own postings read where the caller says (a record may lag, the answer to a posting may not).
 */
export const createLedgerRepository = (pool: pg.Pool, replica: pg.Pool = pool) => ({
  /** The id of an account, creating it on first use. */
  ensureAccount: async (identity: AccountIdentity): Promise<bigint> => {
    const identityValues = [
      identity.merchantCode,
      identity.ownerType,
      identity.ownerId,
      identity.kind,
      identity.currency,
      identity.shard,
    ];
    await pool.query(
      `INSERT INTO ledger_accounts (merchant_code, owner_type, owner_id, kind, currency, shard, allow_negative)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [...identityValues, identity.ownerType === 'house'],
    );
    const { rows } = await pool.query<{ id: string }>(
      `SELECT id::text FROM ledger_accounts
        WHERE merchant_code = $1 AND owner_type = $2 AND owner_id = $3 AND kind = $4 AND currency = $5 AND shard = $6
        LIMIT 1`,
      identityValues,
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('ledger account vanished after insert');
    return BigInt(id);
  },

  /** One wallet of each of several members, creating those absent, in one round trip: member id → account id. */
  ensureMemberAccounts: async (input: {
    merchantCode: string;
    currency: string;
    kind: string;
    memberIds: readonly string[];
  }): Promise<Map<string, bigint>> => {
    const { rows } = await pool.query<{ owner: string; id: string }>(
      `WITH created AS (
         INSERT INTO ledger_accounts (merchant_code, owner_type, owner_id, kind, currency, shard, allow_negative)
         SELECT $1, 'member', m, $3, $2, 0, false FROM unnest($4::text[]) m
         ON CONFLICT DO NOTHING RETURNING id, owner_id)
       SELECT owner_id AS owner, id::text FROM created
       UNION ALL
       SELECT owner_id AS owner, id::text FROM ledger_accounts
        WHERE merchant_code = $1 AND owner_type = 'member' AND owner_id = ANY($4::text[]) AND kind = $3 AND currency = $2
          AND shard = 0`,
      [input.merchantCode, input.currency, input.kind, input.memberIds],
    );
    return new Map(rows.map((row) => [row.owner, BigInt(row.id)]));
  },

  /** Shards 0 to `shards` - 1 of a house account, creating those absent: shard → account id. */
  ensureHouseShards: async (input: {
    merchantCode: string;
    owner: string;
    currency: string;
    shards: number;
  }): Promise<Map<number, bigint>> => {
    // A twin created by another process while this statement ran is not in its snapshot: the next one sees it.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const { rows } = await pool.query<{ shard: number; id: string }>(
        `WITH created AS (
         INSERT INTO ledger_accounts (merchant_code, owner_type, owner_id, kind, currency, shard, allow_negative)
         SELECT $1, 'house', $2, 'house', $3, s, true FROM generate_series(0, $4::int - 1) s
         ON CONFLICT DO NOTHING RETURNING id, shard)
       SELECT shard, id::text FROM created
       UNION ALL
       SELECT shard, id::text FROM ledger_accounts
        WHERE merchant_code = $1 AND owner_type = 'house' AND owner_id = $2 AND kind = 'house' AND currency = $3
          AND shard < $4`,
        [input.merchantCode, input.owner, input.currency, input.shards],
      );
      const found = new Map(rows.map((row) => [Number(row.shard), BigInt(row.id)]));
      if (found.size === input.shards) return found;
    }
    throw new Error('ledger house shards vanished after insert');
  },

  /**
   * Several movements in one round trip, each through ledger_post in order (its checks, locks and idempotency key
   * apply to each one as to `post`); answers each movement's transaction id and whether it was a replay. One
   * movement refused refuses the statement: in the caller's transaction, nothing of the batch is written.
   */
  postMany: async (
    inputs: readonly PreparedMovement[],
    executor: LedgerExecutor = pool,
  ): Promise<{ transactionId: bigint; replayed: boolean }[]> => {
    if (inputs.length === 0) return [];
    try {
      const { rows } = await executor.query<{ i: string; transaction_id: string; replayed: boolean }>(
        `SELECT DISTINCT ON (m.i) m.i, p.transaction_id, p.replayed
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::text[], $8::text[])
                WITH ORDINALITY AS m(merchant, type, key, hash, reference, metadata, accounts, amounts, i)
          CROSS JOIN LATERAL ledger_post(m.merchant, m.type, m.key, m.hash, m.reference, m.metadata,
                                         m.accounts::bigint[], m.amounts::bigint[]) p
          ORDER BY m.i`,
        [
          inputs.map((input) => input.merchantCode),
          inputs.map((input) => input.type),
          inputs.map((input) => input.idempotencyKey),
          inputs.map((input) => input.requestHash),
          inputs.map((input) => input.reference),
          inputs.map((input) => JSON.stringify(input.metadata)),
          inputs.map((input) => `{${input.accountIds.join(',')}}`),
          inputs.map((input) => `{${input.amounts.join(',')}}`),
        ],
      );
      return rows.map((row) => ({ transactionId: BigInt(row.transaction_id), replayed: row.replayed }));
    } catch (error) {
      return translateLedgerError(error);
    }
  },

  post: async (input: PreparedMovement, executor: LedgerExecutor = pool): Promise<PostingResult> => {
    try {
      const { rows } = await executor.query<{
        transaction_id: bigint;
        replayed: boolean;
        account_id: bigint;
        amount: bigint;
        balance_after: bigint;
      }>('SELECT * FROM ledger_post($1, $2, $3, $4, $5, $6, $7::bigint[], $8::bigint[])', [
        input.merchantCode,
        ...ledgerPostArguments(input),
      ]);
      const first = rows[0];
      if (!first) throw new Error('ledger_post returned no rows');
      return {
        transactionId: BigInt(first.transaction_id),
        replayed: first.replayed,
        postings: rows.map((row) => ({
          accountId: BigInt(row.account_id),
          amount: BigInt(row.amount),
          balanceAfter: BigInt(row.balance_after),
        })),
      };
    } catch (error) {
      return translateLedgerError(error);
    }
  },

  hold: async (
    input: {
      merchantCode: string;
      idempotencyKey: string;
      requestHash: string;
      accountId: bigint;
      amount: bigint;
      reference: string | null;
    },
    executor: LedgerExecutor = pool,
  ) => {
    try {
      const { rows } = await executor.query<{ hold_id: bigint; replayed: boolean; status: string; amount: bigint }>(
        'SELECT * FROM ledger_hold($1, $2, $3, $4, $5, $6)',
        [
          input.merchantCode,
          input.idempotencyKey,
          input.requestHash,
          String(input.accountId),
          String(input.amount),
          input.reference,
        ],
      );
      const row = rows[0];
      if (!row) throw new Error('ledger_hold returned no rows');
      return { holdId: BigInt(row.hold_id), replayed: row.replayed, status: row.status, amount: BigInt(row.amount) };
    } catch (error) {
      return translateLedgerError(error);
    }
  },

  settleHold: async (input: {
    merchantCode: string;
    holdId: bigint;
    action: 'post' | 'void';
    toAccountId: bigint | null;
    type: string;
    idempotencyKey: string;
    requestHash: string;
    reference: string | null;
    metadata: Record<string, unknown>;
  }) => {
    try {
      const { rows } = await pool.query<{
        hold_id: bigint;
        status: string;
        replayed: boolean;
        transaction_id: bigint | null;
      }>('SELECT * FROM ledger_settle_hold($1, $2, $3, $4, $5, $6, $7, $8, $9)', [
        input.merchantCode,
        String(input.holdId),
        input.action,
        input.toAccountId === null ? null : String(input.toAccountId),
        input.type,
        input.idempotencyKey,
        input.requestHash,
        input.reference,
        JSON.stringify(input.metadata),
      ]);
      const row = rows[0];
      if (!row) throw new Error('ledger_settle_hold returned no rows');
      return {
        holdId: BigInt(row.hold_id),
        status: row.status,
        replayed: row.replayed,
        transactionId: row.transaction_id === null ? null : BigInt(row.transaction_id),
      };
    } catch (error) {
      return translateLedgerError(error);
    }
  },

  /**
   * Captures many holds to a house account and pays each hold's owner its payout, one capture and one payout
   * movement per account (decision 0100), inside the caller's transaction. Answers each account's totals.
   */
  settleHolds: async (
    executor: LedgerExecutor,
    input: {
      merchantCode: string;
      houseAccountId: bigint;
      stakeType: string;
      payoutType: string;
      keyPrefix: string;
      reference: string;
      holds: bigint[];
      payouts: bigint[];
    },
  ): Promise<{ accountId: bigint; captured: bigint; paid: bigint }[]> => {
    try {
      const { rows } = await executor.query<{ account_id: string; captured: string; paid: string }>(
        'SELECT * FROM ledger_settle_holds($1, $2, $3, $4, $5, $6, $7::bigint[], $8::bigint[])',
        [
          input.merchantCode,
          String(input.houseAccountId),
          input.stakeType,
          input.payoutType,
          input.keyPrefix,
          input.reference,
          input.holds.map(String),
          input.payouts.map(String),
        ],
      );
      return rows.map((row) => ({
        accountId: BigInt(row.account_id),
        captured: BigInt(row.captured),
        paid: BigInt(row.paid),
      }));
    } catch (error) {
      return translateLedgerError(error);
    }
  },

  /** Releases many holds at once inside the caller's transaction (already voided ones are left); answers how many. */
  voidHolds: async (executor: LedgerExecutor, merchantCode: string, holds: bigint[]): Promise<number> => {
    try {
      const { rows } = await executor.query<{ n: number }>('SELECT ledger_void_holds($1, $2::bigint[]) AS n', [
        merchantCode,
        holds.map(String),
      ]);
      return rows[0]?.n ?? 0;
    } catch (error) {
      return translateLedgerError(error);
    }
  },

  /** The member whose account a hold reserves (null for a house account's hold). */
  memberOfHold: async (merchantCode: string, holdId: bigint): Promise<string | null> => {
    const { rows } = await pool.query<{ owner_id: string }>(
      `SELECT a.owner_id FROM ledger_holds h JOIN ledger_accounts a ON a.id = h.account_id
        WHERE h.id = $1 AND h.merchant_code = $2 AND a.owner_type = 'member'`,
      [String(holdId), merchantCode],
    );
    return rows[0]?.owner_id ?? null;
  },

  /** A hold by the idempotency key it was placed with. */
  findHold: async (merchantCode: string, idempotencyKey: string) => {
    const { rows } = await pool.query<{ id: string; status: string; amount: string }>(
      'SELECT id::text, status, amount::text FROM ledger_holds WHERE merchant_code = $1 AND idempotency_key = $2',
      [merchantCode, idempotencyKey],
    );
    const row = rows[0];
    return row ? { holdId: BigInt(row.id), status: row.status, amount: BigInt(row.amount) } : null;
  },

  /** Postings of an owner's accounts, newest first, with the transaction's type and reference. */
  entries: async (
    filter: {
      merchantCode: string;
      ownerId: string;
      type: string | null;
      since: Date | null;
      transactionId?: bigint | null;
      offset: number;
      limit: number;
    },
    from: 'primary' | 'replica' = 'primary',
  ) => {
    const { rows } = await (from === 'replica' ? replica : pool).query<PostingRaw & { total: string }>(
      `SELECT p.id::text, p.transaction_id::text, t.type, a.kind, p.amount::text, p.balance_after::text, a.currency,
              t.reference, p.created_at, count(*) OVER ()::text AS total
         FROM ledger_accounts a
         JOIN ledger_postings p ON p.account_id = a.id
         JOIN ledger_transactions t ON t.id = p.transaction_id
        WHERE a.merchant_code = $1 AND a.owner_type = 'member' AND a.owner_id = $2
          AND ($3::text IS NULL OR t.type = $3)
          AND ($4::timestamptz IS NULL OR p.created_at >= $4)
          AND ($7::bigint IS NULL OR p.transaction_id = $7)
        ORDER BY p.id DESC
        LIMIT $5 OFFSET $6`,
      [
        filter.merchantCode,
        filter.ownerId,
        filter.type,
        filter.since,
        filter.limit,
        filter.offset,
        filter.transactionId === undefined || filter.transactionId === null ? null : String(filter.transactionId),
      ],
    );
    return {
      total: Number(rows[0]?.total ?? 0),
      rows: rows.map(postingOf),
    };
  },

  /**
   * Postings of several members in transactions of `types` within [from, until), newest first, a page of them, with
   * the count and the sum per type of all that match (`credits`: money in only). The agent centre's team lists.
   */
  membersEntries: async (filter: {
    merchantCode: string;
    ownerIds: readonly string[];
    types: readonly string[];
    from: Date;
    until: Date;
    credits: boolean;
    offset: number;
    limit: number;
  }) => {
    const where = `a.merchant_code = $1 AND a.owner_type = 'member' AND a.owner_id = ANY($2::text[])
          AND t.type = ANY($3::text[]) AND p.created_at >= $4 AND p.created_at < $5 AND (NOT $6 OR p.amount > 0)`;
    const params = [filter.merchantCode, filter.ownerIds, filter.types, filter.from, filter.until, filter.credits];
    const from = `FROM ledger_accounts a JOIN ledger_postings p ON p.account_id = a.id
         JOIN ledger_transactions t ON t.id = p.transaction_id`;
    const [page, sums] = await Promise.all([
      replica.query<PostingRaw & { owner_id: string }>(
        `SELECT p.id::text, p.transaction_id::text, a.owner_id, t.type, a.kind, p.amount::text, p.balance_after::text,
                a.currency, t.reference, p.created_at
           ${from} WHERE ${where} ORDER BY p.id DESC LIMIT $7 OFFSET $8`,
        [...params, filter.limit, filter.offset],
      ),
      replica.query<{ type: string; count: number; sum: string }>(
        `SELECT t.type, count(*)::int AS count, sum(p.amount)::text AS sum ${from} WHERE ${where} GROUP BY t.type`,
        params,
      ),
    ]);
    return {
      total: sums.rows.reduce((total, row) => total + row.count, 0),
      sums: new Map(sums.rows.map((row) => [row.type, BigInt(row.sum)] as const)),
      rows: page.rows.map((row) => ({ ...postingOf(row), memberId: row.owner_id })),
    };
  },

  /** The absolute sum of an owner's postings in transactions of one type. */
  memberTotal: async (merchantCode: string, ownerId: string, type: string): Promise<bigint> => {
    const { rows } = await pool.query<{ total: string }>(
      `SELECT coalesce(abs(sum(p.amount)), 0)::text AS total
         FROM ledger_accounts a
         JOIN ledger_postings p ON p.account_id = a.id
         JOIN ledger_transactions t ON t.id = p.transaction_id
        WHERE a.merchant_code = $1 AND a.owner_type = 'member' AND a.owner_id = $2 AND t.type = $3`,
      [merchantCode, ownerId, type],
    );
    return BigInt(rows[0]?.total ?? '0');
  },

  /** The signed sum of a member's postings (points aside) in transactions of the given types since `since`. */
  memberNetSince: async (merchantCode: string, ownerId: string, types: readonly string[], since: Date) => {
    const { rows } = await pool.query<{ total: string }>(
      `SELECT coalesce(sum(p.amount), 0)::text AS total
         FROM ledger_accounts a
         JOIN ledger_postings p ON p.account_id = a.id
         JOIN ledger_transactions t ON t.id = p.transaction_id
        WHERE a.merchant_code = $1 AND a.owner_type = 'member' AND a.owner_id = $2 AND a.kind <> 'points'
          AND t.type = ANY($3::text[]) AND p.created_at >= $4`,
      [merchantCode, ownerId, types, since],
    );
    return BigInt(rows[0]?.total ?? '0');
  },

  /** Every account of an owner (one row per wallet, shards summed). */
  walletsOf: async (merchantCode: string, ownerId: string, currency: string) => {
    const { rows } = await pool.query<{ kind: string; balance: string; held: string }>(
      `SELECT kind, sum(balance)::text AS balance, sum(held)::text AS held FROM ledger_accounts
        WHERE merchant_code = $1 AND owner_type = 'member' AND owner_id = $2 AND currency = $3 GROUP BY kind`,
      [merchantCode, ownerId, currency],
    );
    return rows.map((row) => ({ kind: row.kind, balance: BigInt(row.balance), held: BigInt(row.held) }));
  },

  /** Per day in `timeZone`, the movements of house accounts, split into money in and money out. */
  houseDaily: async (filter: {
    merchantCode: string;
    currency: string;
    timeZone: string;
    from: string;
    to: string;
    houses: readonly string[];
  }) => {
    const { rows } = await replica.query<{
      day: string;
      house: string;
      in_count: number;
      in_amount: string;
      out_count: number;
      out_amount: string;
    }>(
      `SELECT to_char((p.created_at AT TIME ZONE $3)::date, 'YYYY-MM-DD') AS day, a.owner_id AS house,
              count(*) FILTER (WHERE p.amount > 0)::int AS in_count,
              coalesce(sum(p.amount) FILTER (WHERE p.amount > 0), 0)::text AS in_amount,
              count(*) FILTER (WHERE p.amount < 0)::int AS out_count,
              coalesce(-sum(p.amount) FILTER (WHERE p.amount < 0), 0)::text AS out_amount
         FROM ledger_accounts a
         JOIN ledger_postings p ON p.account_id = a.id
        WHERE a.merchant_code = $1 AND a.currency = $2 AND a.owner_type = 'house' AND a.owner_id = ANY($6::text[])
          AND p.created_at >= ($4::date)::timestamp AT TIME ZONE $3
          AND p.created_at < ($5::date + 1)::timestamp AT TIME ZONE $3
        GROUP BY 1, 2`,
      [filter.merchantCode, filter.currency, filter.timeZone, filter.from, filter.to, filter.houses],
    );
    return rows.map((row) => ({
      day: row.day,
      house: row.house,
      inCount: row.in_count,
      inAmount: BigInt(row.in_amount),
      outCount: row.out_count,
      outAmount: BigInt(row.out_amount),
    }));
  },

  /** Balance and holds of an owner's account, summed over its shards. */
  /** A member's balances in several wallets, in one prepared grouped read. */
  memberBalances: async (input: {
    merchantCode: string;
    memberId: string;
    currency: string;
    kinds: readonly string[];
  }) => {
    const { rows } = await pool.query<{ kind: string; balance: string; held: string }>({
      name: 'ledger.memberBalances',
      text: `SELECT kind, sum(balance)::text AS balance, sum(held)::text AS held FROM ledger_accounts
             WHERE merchant_code = $1 AND owner_type = 'member' AND owner_id = $2 AND kind = ANY($3::text[])
               AND currency = $4
             GROUP BY kind`,
      values: [input.merchantCode, input.memberId, input.kinds, input.currency],
    });
    const found = new Map(rows.map((row) => [row.kind, row]));
    return input.kinds.map((kind) => {
      const balance = BigInt(found.get(kind)?.balance ?? '0');
      const held = BigInt(found.get(kind)?.held ?? '0');
      return { kind, balance, held, available: balance - held };
    });
  },

  balanceOf: async (identity: Omit<AccountIdentity, 'shard'>, executor: LedgerExecutor = pool) => {
    const { rows } = await executor.query<{ balance: string; held: string }>(
      `SELECT coalesce(sum(balance), 0)::text AS balance, coalesce(sum(held), 0)::text AS held FROM ledger_accounts
       WHERE merchant_code = $1 AND owner_type = $2 AND owner_id = $3 AND kind = $4 AND currency = $5`,
      [identity.merchantCode, identity.ownerType, identity.ownerId, identity.kind, identity.currency],
    );
    const balance = BigInt(rows[0]?.balance ?? '0');
    const held = BigInt(rows[0]?.held ?? '0');
    return { balance, held, available: balance - held };
  },
});

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
