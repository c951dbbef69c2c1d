import {
  type ConfirmationOutcome,
  type PayoutMethodKind,
  type WithdrawalStatus,
  withdrawalStatuses,
} from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';
import { createProofImagesRepository, type RecodedProof } from '../../platform/images/proof-images';
import { type WithdrawalRowStatus, withdrawalProofs } from './withdrawals.schema';

export interface PayoutMethodRow {
  id: string;
  merchantCode: string;
  memberId: string;
  kind: PayoutMethodKind;
  /** The fields the member entered, in full (the desk pays to them). */
  details: Record<string, string>;
  /** Masked line the member sees ("Demo Bank ••••6789"). */
  display: string;
  holderName: string | null;
  createdAt: Date;
  removedAt: Date | null;
}
export type NewPayoutMethod = Pick<PayoutMethodRow, 'merchantCode' | 'memberId' | 'kind' | 'details' | 'display'> &
  Partial<Pick<PayoutMethodRow, 'holderName'>>;

export interface WithdrawalRow {
  id: string;
  merchantCode: string;
  memberId: string;
  /** The browser's key for the submission: a retry answers with this order. */
  requestId: string;
  reference: string;
  payoutMethodId: string;
  payoutKind: PayoutMethodKind;
  payoutDisplay: string;
  /** The payout details as they were when the member withdrew. */
  payoutDetails: Record<string, string>;
  amount: bigint;
  currency: string;
  status: WithdrawalRowStatus;
  holdId: bigint | null;
  ledgerTransactionId: bigint | null;
  reason: string | null;
  decidedBy: string | null;
  approvedAt: Date | null;
  disbursedAt: Date | null;
  autoConfirmAt: Date | null;
  confirmOutcome: ConfirmationOutcome | null;
  amountReceived: bigint | null;
  remark: string | null;
  confirmedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
export type NewWithdrawal = Pick<
  WithdrawalRow,
  | 'merchantCode'
  | 'memberId'
  | 'requestId'
  | 'reference'
  | 'payoutMethodId'
  | 'payoutKind'
  | 'payoutDisplay'
  | 'payoutDetails'
  | 'amount'
  | 'currency'
  | 'status'
>;

/** The order columns a transition may set besides the status, by field. */
const CHANGEABLE = {
  holdId: 'hold_id',
  ledgerTransactionId: 'ledger_transaction_id',
  reason: 'reason',
  decidedBy: 'decided_by',
  approvedAt: 'approved_at',
  disbursedAt: 'disbursed_at',
  autoConfirmAt: 'auto_confirm_at',
  confirmOutcome: 'confirm_outcome',
  amountReceived: 'amount_received',
  remark: 'remark',
  confirmedAt: 'confirmed_at',
} as const;
export type WithdrawalChange = Partial<Pick<WithdrawalRow, keyof typeof CHANGEABLE>> & { status: WithdrawalRowStatus };

/** Statuses a member or operator sees; the internal in-between ones stay hidden until healed. */
const VISIBLE: WithdrawalRowStatus[] = [...withdrawalStatuses];

const proofStore = createProofImagesRepository(withdrawalProofs);

const METHOD_COLUMNS = `id, merchant_code AS "merchantCode", member_id AS "memberId", kind, details, display,
  holder_name AS "holderName", created_at AS "createdAt", removed_at AS "removedAt"`;
const ORDER_COLUMNS = `id, merchant_code AS "merchantCode", member_id AS "memberId", request_id AS "requestId",
  reference, payout_method_id AS "payoutMethodId", payout_kind AS "payoutKind", payout_display AS "payoutDisplay",
  payout_details AS "payoutDetails", amount, currency, status, hold_id AS "holdId",
  ledger_transaction_id AS "ledgerTransactionId", reason, decided_by AS "decidedBy", approved_at AS "approvedAt",
  disbursed_at AS "disbursedAt", auto_confirm_at AS "autoConfirmAt", confirm_outcome AS "confirmOutcome",
  amount_received AS "amountReceived", remark, confirmed_at AS "confirmedAt", created_at AS "createdAt",
  updated_at AS "updatedAt"`;

const big = (value: unknown): bigint | null => (value === null ? null : BigInt(value as string | bigint));
/** pg answers bigint columns as strings unless told otherwise: this makes them bigint either way. */
const orderOf = (row: WithdrawalRow): WithdrawalRow => ({
  ...row,
  amount: BigInt(row.amount),
  holdId: big(row.holdId),
  ledgerTransactionId: big(row.ledgerTransactionId),
  amountReceived: big(row.amountReceived),
});

export const createWithdrawalsRepository = (pool: pg.Pool) => ({
  listMethods: async (memberId: string): Promise<PayoutMethodRow[]> =>
    (
      await pool.query<PayoutMethodRow>(
        `SELECT ${METHOD_COLUMNS} FROM payout_methods WHERE member_id = $1 AND removed_at IS NULL
         ORDER BY created_at DESC`,
        [memberId],
      )
    ).rows,

  findMethod: async (memberId: string, id: string): Promise<PayoutMethodRow | null> => {
    const { rows } = await pool.query<PayoutMethodRow>(
      `SELECT ${METHOD_COLUMNS} FROM payout_methods WHERE id = $1 AND member_id = $2 AND removed_at IS NULL LIMIT 1`,
      [id, memberId],
    );
    return rows[0] ?? null;
  },

  /**
   * Saves a method unless the member already keeps `max`; one member's additions are serialised. The same method
   * saved again (same kind and details, as a retry whose answer was lost sends it) answers the one already kept.
   */
  insertMethod: (values: NewPayoutMethod, max: number): Promise<PayoutMethodRow | null> =>
    inTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`payout:${values.memberId}`]);
      const same = await client.query<PayoutMethodRow>(
        `SELECT ${METHOD_COLUMNS} FROM payout_methods
         WHERE member_id = $1 AND kind = $2 AND details = $3::jsonb AND removed_at IS NULL LIMIT 1`,
        [values.memberId, values.kind, JSON.stringify(values.details)],
      );
      if (same.rows[0]) return same.rows[0];
      const existing = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM payout_methods WHERE member_id = $1 AND removed_at IS NULL',
        [values.memberId],
      );
      if ((existing.rows[0]?.n ?? 0) >= max) return null;
      const { rows } = await client.query<PayoutMethodRow>(
        `INSERT INTO payout_methods (merchant_code, member_id, kind, details, display, holder_name)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${METHOD_COLUMNS}`,
        [
          values.merchantCode,
          values.memberId,
          values.kind,
          JSON.stringify(values.details),
          values.display,
          values.holderName ?? null,
        ],
      );
      return rows[0] ?? null;
    }),

  removeMethod: async (memberId: string, id: string): Promise<boolean> => {
    const { rowCount } = await pool.query(
      'UPDATE payout_methods SET removed_at = now() WHERE id = $1 AND member_id = $2 AND removed_at IS NULL',
      [id, memberId],
    );
    return (rowCount ?? 0) > 0;
  },

  findByRequest: async (memberId: string, requestId: string): Promise<WithdrawalRow | null> => {
    const { rows } = await pool.query<WithdrawalRow>(
      `SELECT ${ORDER_COLUMNS} FROM withdrawal_orders WHERE member_id = $1 AND request_id = $2 LIMIT 1`,
      [memberId, requestId],
    );
    return rows[0] ? orderOf(rows[0]) : null;
  },

  /**
   * Writes an `opening` order unless the member has already opened `dailyCount` today (from `dayStart`); one
   * member's submissions are serialised, so two at once cannot both take the last one. `null`: over the count.
   */
  insertOpening: (
    values: NewWithdrawal,
    limit: { dayStart: Date; dailyCount: number },
  ): Promise<WithdrawalRow | 'over_limit' | 'duplicate'> =>
    inTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`withdraw:${values.memberId}`]);
      const today = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM withdrawal_orders
         WHERE member_id = $1 AND created_at >= $2 AND status <> 'rejected'`,
        [values.memberId, limit.dayStart],
      );
      if ((today.rows[0]?.n ?? 0) >= limit.dailyCount) return 'over_limit';
      const { rows } = await client.query<WithdrawalRow>(
        `INSERT INTO withdrawal_orders (merchant_code, member_id, request_id, reference, payout_method_id, payout_kind,
           payout_display, payout_details, amount, currency, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT DO NOTHING RETURNING ${ORDER_COLUMNS}`,
        [
          values.merchantCode,
          values.memberId,
          values.requestId,
          values.reference,
          values.payoutMethodId,
          values.payoutKind,
          values.payoutDisplay,
          JSON.stringify(values.payoutDetails),
          values.amount,
          values.currency,
          values.status,
        ],
      );
      return rows[0] ? orderOf(rows[0]) : 'duplicate';
    }),

  /**
   * Runs `work` with an `opening` order's row locked, in one transaction with whatever `work` writes through the
   * client (the ledger hold and the move to pending), so the request that opens an order and the job that clears
   * a stalled one never act on it at once. `skipLocked`: an order another process is working on is left alone.
   * `null`: the order is not opening (any more).
   */
  withOpeningLocked: <T>(
    id: string,
    work: (client: pg.PoolClient) => Promise<T>,
    options: { skipLocked?: boolean } = {},
  ): Promise<{ result: T } | null> =>
    inTransaction(pool, async (client) => {
      const { rowCount } = await client.query(
        `SELECT 1 FROM withdrawal_orders WHERE id = $1 AND status = 'opening' FOR UPDATE${options.skipLocked ? ' SKIP LOCKED' : ''}`,
        [id],
      );
      return rowCount === 0 ? null : { result: await work(client) };
    }),

  /** The locked opening order holds its funds now: pending, for the operators. */
  markPending: async (client: pg.PoolClient, id: string, holdId: bigint): Promise<void> => {
    await client.query(
      `UPDATE withdrawal_orders SET status = 'pending', hold_id = $2, updated_at = now() WHERE id = $1 AND status = 'opening'`,
      [id, String(holdId)],
    );
  },

  /** Forgets the locked opening order (its request stalled and never held funds). */
  forgetOpening: async (client: pg.PoolClient, id: string): Promise<void> => {
    await client.query(`DELETE FROM withdrawal_orders WHERE id = $1 AND status = 'opening'`, [id]);
  },

  /** Forgets an opening order whose hold was refused: nothing of it remains. */
  deleteOpening: async (id: string): Promise<void> => {
    await pool.query(`DELETE FROM withdrawal_orders WHERE id = $1 AND status = 'opening'`, [id]);
  },

  findById: async (id: string): Promise<WithdrawalRow | null> => {
    const { rows } = await pool.query<WithdrawalRow>(
      `SELECT ${ORDER_COLUMNS} FROM withdrawal_orders WHERE id = $1 LIMIT 1`,
      [id],
    );
    return rows[0] ? orderOf(rows[0]) : null;
  },

  /** Moves an order from one of `from` to a new status, once: the row is only changed if it is still in `from`. */
  transition: async (
    id: string,
    from: readonly WithdrawalRowStatus[],
    set: WithdrawalChange,
  ): Promise<WithdrawalRow | null> => {
    const fields = (Object.keys(CHANGEABLE) as (keyof typeof CHANGEABLE)[]).filter((field) => set[field] !== undefined);
    const { rows } = await pool.query<WithdrawalRow>(
      `UPDATE withdrawal_orders
       SET status = $3, ${fields.map((field, at) => `${CHANGEABLE[field]} = $${at + 4}, `).join('')}updated_at = now()
       WHERE id = $1 AND status = ANY($2::text[]) RETURNING ${ORDER_COLUMNS}`,
      [id, [...from], set.status, ...fields.map((field) => set[field])],
    );
    return rows[0] ? orderOf(rows[0]) : null;
  },

  /** The member's confirmation and its proofs, in one transaction; only a disbursed order takes it. */
  confirm: (
    id: string,
    memberId: string,
    confirmation: {
      status: 'completed' | 'disputed';
      outcome: ConfirmationOutcome;
      amountReceived: bigint | null;
      remark: string | null;
    },
    proofs: readonly RecodedProof[],
  ): Promise<WithdrawalRow | null> =>
    inTransaction(pool, async (client) => {
      const { rows } = await client.query<WithdrawalRow>(
        `UPDATE withdrawal_orders
         SET status = $3, confirm_outcome = $4, amount_received = $5, remark = $6, confirmed_at = now(),
             updated_at = now()
         WHERE id = $1 AND member_id = $2 AND status = 'disbursed'
         RETURNING ${ORDER_COLUMNS}`,
        [id, memberId, confirmation.status, confirmation.outcome, confirmation.amountReceived, confirmation.remark],
      );
      const row = rows[0];
      if (!row) return null;
      await proofStore.insert(client, id, proofs);
      return orderOf(row);
    }),

  /** Disbursed orders past their confirmation window count as received. One statement: safe from many processes. */
  autoConfirmDue: async (now: Date): Promise<WithdrawalRow[]> =>
    (
      await pool.query<WithdrawalRow>(
        `UPDATE withdrawal_orders
         SET status = 'completed', confirm_outcome = 'auto_received', confirmed_at = now(), updated_at = now()
         WHERE status = 'disbursed' AND auto_confirm_at <= $1
         RETURNING ${ORDER_COLUMNS}`,
        [now],
      )
    ).rows.map(orderOf),

  /** Orders left in an in-between state for longer than `olderThanMs` (a process died mid-step). */
  stuck: async (olderThanMs: number): Promise<WithdrawalRow[]> =>
    (
      await pool.query<WithdrawalRow>(
        `SELECT ${ORDER_COLUMNS} FROM withdrawal_orders
         WHERE status IN ('opening', 'disbursing', 'rejecting', 'cancelling') AND updated_at < now() - make_interval(secs => $1)
         LIMIT 100`,
        [olderThanMs / 1000],
      )
    ).rows.map(orderOf),

  proofIds: (withdrawalIds: readonly string[]) => proofStore.idsByOwner(pool, withdrawalIds),

  findProof: (withdrawalId: string, proofId: string) => proofStore.find(pool, withdrawalId, proofId),

  list: async (filter: {
    merchantCode: string;
    memberId?: string;
    status?: WithdrawalStatus;
    offset: number;
    limit: number;
    oldestFirst?: boolean;
  }): Promise<{ rows: WithdrawalRow[]; total: number }> => {
    const where = `merchant_code = $1 AND ($2::uuid IS NULL OR member_id = $2::uuid) AND status = ANY($3::text[])`;
    const values = [filter.merchantCode, filter.memberId || null, filter.status ? [filter.status] : VISIBLE];
    const [rows, total] = await Promise.all([
      pool.query<WithdrawalRow>(
        `SELECT ${ORDER_COLUMNS} FROM withdrawal_orders WHERE ${where}
         ORDER BY created_at ${filter.oldestFirst ? 'ASC' : 'DESC'} OFFSET $4 LIMIT $5`,
        [...values, filter.offset, filter.limit],
      ),
      pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM withdrawal_orders WHERE ${where}`, values),
    ]);
    return { rows: rows.rows.map(orderOf), total: total.rows[0]?.n ?? 0 };
  },
});

export type WithdrawalsRepository = ReturnType<typeof createWithdrawalsRepository>;
