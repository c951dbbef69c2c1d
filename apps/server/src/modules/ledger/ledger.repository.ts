import { and, eq } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { ledgerAccounts } from './ledger.schema';

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

/** The ledger functions signal with SQLSTATEs LD001–LD005 (migration 0005); each becomes a catalogue code. */
const translate = (error: unknown): never => {
  const code = (error as { code?: string }).code;
  if (code === 'LD001') throw new AppError('idempotency_conflict');
  if (code === 'LD002') throw new AppError('insufficient_funds');
  if (code === 'LD003') throw new AppError('hold_already_settled');
  if (code === 'LD004') throw new AppError('not_found');
  if (code === 'LD005')
    throw new AppError('validation_failed', { fieldErrors: [{ path: 'amount', code: 'field_invalid' }] });
  throw error;
};

export const createLedgerRepository = (db: Db, pool: pg.Pool) => ({
  /** The id of an account, creating it on first use. */
  ensureAccount: async (identity: AccountIdentity): Promise<bigint> => {
    await db
      .insert(ledgerAccounts)
      .values({ ...identity, allowNegative: identity.ownerType === 'house' })
      .onConflictDoNothing();
    const rows = await db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.merchantCode, identity.merchantCode),
          eq(ledgerAccounts.ownerType, identity.ownerType),
          eq(ledgerAccounts.ownerId, identity.ownerId),
          eq(ledgerAccounts.kind, identity.kind),
          eq(ledgerAccounts.currency, identity.currency),
          eq(ledgerAccounts.shard, identity.shard),
        ),
      )
      .limit(1);
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('ledger account vanished after insert');
    return id;
  },

  post: async (
    input: {
      merchantCode: string;
      type: string;
      idempotencyKey: string;
      requestHash: string;
      reference: string | null;
      metadata: Record<string, unknown>;
      accountIds: bigint[];
      amounts: bigint[];
    },
    executor: LedgerExecutor = pool,
  ): Promise<PostingResult> => {
    try {
      const { rows } = await executor.query<{
        transaction_id: bigint;
        replayed: boolean;
        account_id: bigint;
        amount: bigint;
        balance_after: bigint;
      }>('SELECT * FROM ledger_post($1, $2, $3, $4, $5, $6, $7::bigint[], $8::bigint[])', [
        input.merchantCode,
        input.type,
        input.idempotencyKey,
        input.requestHash,
        input.reference,
        JSON.stringify(input.metadata),
        input.accountIds.map(String),
        input.amounts.map(String),
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
      return translate(error);
    }
  },

  hold: async (input: {
    merchantCode: string;
    idempotencyKey: string;
    requestHash: string;
    accountId: bigint;
    amount: bigint;
    reference: string | null;
  }) => {
    try {
      const { rows } = await pool.query<{ hold_id: bigint; replayed: boolean; status: string; amount: bigint }>(
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
      return translate(error);
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
      return translate(error);
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

  /** Balance and holds of an owner's account, summed over its shards. */
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
