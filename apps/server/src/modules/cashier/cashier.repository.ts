import type { DepositStatus, PaymentChannelKind } from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';
import { createProofImagesRepository, type RecodedProof } from '../../platform/images/proof-images';
import { type ChannelConfig, depositProofs } from './cashier.schema';

export interface ChannelRow {
  id: string;
  merchantCode: string;
  kind: PaymentChannelKind;
  name: string;
  currency: string;
  minAmount: bigint;
  maxAmount: bigint;
  config: ChannelConfig;
  enabled: boolean;
  sort: number;
  createdAt: Date;
}
export type NewChannel = Omit<ChannelRow, 'id' | 'enabled' | 'sort' | 'createdAt'> &
  Partial<Pick<ChannelRow, 'enabled' | 'sort'>>;

export interface DepositRow {
  id: string;
  merchantCode: string;
  memberId: string;
  channelId: string;
  /** Short code the member quotes (and the gateway's merchantOrderId). */
  reference: string;
  amount: bigint;
  currency: string;
  status: DepositStatus;
  gatewayPaymentId: string | null;
  payUrl: string | null;
  payerNote: string | null;
  reason: string | null;
  decidedBy: string | null;
  ledgerTransactionId: bigint | null;
  requestId: string | null;
  createdAt: Date;
  updatedAt: Date;
}
export type NewDeposit = Pick<
  DepositRow,
  'merchantCode' | 'memberId' | 'channelId' | 'reference' | 'amount' | 'currency' | 'status'
> &
  Partial<
    Pick<
      DepositRow,
      'gatewayPaymentId' | 'payUrl' | 'payerNote' | 'reason' | 'decidedBy' | 'ledgerTransactionId' | 'requestId'
    >
  >;
/** What a transition may set besides the status. */
export type DepositChange = Partial<
  Pick<DepositRow, 'gatewayPaymentId' | 'payUrl' | 'payerNote' | 'reason' | 'decidedBy' | 'ledgerTransactionId'>
> & { status: DepositStatus };

/** A member's credited deposits in one currency: the total, and when it first reached a given amount. */
export interface CreditedTotal {
  memberId: string;
  total: bigint;
  reachedAt: Date | null;
}

const CHANNEL_COLUMNS = `id, merchant_code AS "merchantCode", kind, name, currency, min_amount AS "minAmount",
  max_amount AS "maxAmount", config, enabled, sort, created_at AS "createdAt"`;
const DEPOSIT_COLUMNS = `id, merchant_code AS "merchantCode", member_id AS "memberId", channel_id AS "channelId",
  reference, amount, currency, status, gateway_payment_id AS "gatewayPaymentId", pay_url AS "payUrl",
  payer_note AS "payerNote", reason, decided_by AS "decidedBy", ledger_transaction_id AS "ledgerTransactionId",
  request_id AS "requestId", created_at AS "createdAt", updated_at AS "updatedAt"`;
/** The deposit columns a transition may set, by field. */
const DEPOSIT_CHANGEABLE = {
  gatewayPaymentId: 'gateway_payment_id',
  payUrl: 'pay_url',
  payerNote: 'payer_note',
  reason: 'reason',
  decidedBy: 'decided_by',
  ledgerTransactionId: 'ledger_transaction_id',
} as const;

const big = (value: unknown): bigint | null => (value === null ? null : BigInt(value as string | bigint));
/** pg answers bigint columns as strings unless told otherwise: these make them bigint either way. */
const channelOf = (row: ChannelRow): ChannelRow => ({
  ...row,
  minAmount: BigInt(row.minAmount),
  maxAmount: BigInt(row.maxAmount),
});
const depositOf = (row: DepositRow): DepositRow => ({
  ...row,
  amount: BigInt(row.amount),
  ledgerTransactionId: big(row.ledgerTransactionId),
});

const proofStore = createProofImagesRepository(depositProofs);

export const createCashierRepository = (pool: pg.Pool) => ({
  listChannels: async (merchantCode: string, onlyEnabled: boolean): Promise<ChannelRow[]> =>
    (
      await pool.query<ChannelRow>(
        `SELECT ${CHANNEL_COLUMNS} FROM payment_channels WHERE merchant_code = $1 AND ($2 = false OR enabled)
         ORDER BY sort ASC, name ASC`,
        [merchantCode, onlyEnabled],
      )
    ).rows.map(channelOf),

  findChannel: async (merchantCode: string, id: string): Promise<ChannelRow | null> => {
    const { rows } = await pool.query<ChannelRow>(
      `SELECT ${CHANNEL_COLUMNS} FROM payment_channels WHERE merchant_code = $1 AND id = $2 LIMIT 1`,
      [merchantCode, id],
    );
    return rows[0] ? channelOf(rows[0]) : null;
  },

  insertChannelIfAbsent: async (values: NewChannel): Promise<void> => {
    await pool.query(
      `INSERT INTO payment_channels (merchant_code, kind, name, currency, min_amount, max_amount, config, enabled, sort)
       VALUES ($1, $2, $3, $4, $5, $6, $7, coalesce($8, true), coalesce($9, 0))
       ON CONFLICT DO NOTHING`,
      [
        values.merchantCode,
        values.kind,
        values.name,
        values.currency,
        values.minAmount,
        values.maxAmount,
        JSON.stringify(values.config),
        values.enabled ?? null,
        values.sort ?? null,
      ],
    );
  },

  insertDeposit: async (values: NewDeposit): Promise<DepositRow | null> => {
    const { rows } = await pool.query<DepositRow>(
      `INSERT INTO deposit_orders (merchant_code, member_id, channel_id, reference, amount, currency, status,
         gateway_payment_id, pay_url, payer_note, reason, decided_by, ledger_transaction_id, request_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT DO NOTHING RETURNING ${DEPOSIT_COLUMNS}`,
      [
        values.merchantCode,
        values.memberId,
        values.channelId,
        values.reference,
        values.amount,
        values.currency,
        values.status,
        values.gatewayPaymentId ?? null,
        values.payUrl ?? null,
        values.payerNote ?? null,
        values.reason ?? null,
        values.decidedBy ?? null,
        values.ledgerTransactionId ?? null,
        values.requestId ?? null,
      ],
    );
    return rows[0] ? depositOf(rows[0]) : null;
  },

  findDepositByRequest: async (memberId: string, requestId: string): Promise<DepositRow | null> => {
    const { rows } = await pool.query<DepositRow>(
      `SELECT ${DEPOSIT_COLUMNS} FROM deposit_orders WHERE member_id = $1 AND request_id = $2 LIMIT 1`,
      [memberId, requestId],
    );
    return rows[0] ? depositOf(rows[0]) : null;
  },

  findDeposit: async (id: string): Promise<DepositRow | null> => {
    const { rows } = await pool.query<DepositRow>(
      `SELECT ${DEPOSIT_COLUMNS} FROM deposit_orders WHERE id = $1 LIMIT 1`,
      [id],
    );
    return rows[0] ? depositOf(rows[0]) : null;
  },

  findDepositByReference: async (merchantCode: string, reference: string): Promise<DepositRow | null> => {
    const { rows } = await pool.query<DepositRow>(
      `SELECT ${DEPOSIT_COLUMNS} FROM deposit_orders WHERE merchant_code = $1 AND reference = $2 LIMIT 1`,
      [merchantCode, reference],
    );
    return rows[0] ? depositOf(rows[0]) : null;
  },

  listDeposits: async (filter: {
    merchantCode: string;
    memberId?: string;
    statuses?: readonly DepositStatus[];
    offset: number;
    limit: number;
  }): Promise<{ rows: DepositRow[]; total: number }> => {
    const where = `merchant_code = $1 AND ($2::uuid IS NULL OR member_id = $2::uuid)
      AND ($3::text[] IS NULL OR status = ANY($3::text[]))`;
    const values = [filter.merchantCode, filter.memberId || null, filter.statuses ? [...filter.statuses] : null];
    const [rows, totals] = await Promise.all([
      pool.query<DepositRow>(
        `SELECT ${DEPOSIT_COLUMNS} FROM deposit_orders WHERE ${where} ORDER BY created_at DESC OFFSET $4 LIMIT $5`,
        [...values, filter.offset, filter.limit],
      ),
      pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM deposit_orders WHERE ${where}`, values),
    ]);
    return { rows: rows.rows.map(depositOf), total: totals.rows[0]?.n ?? 0 };
  },

  /** The sum of a member's succeeded deposits in `currency`, in minor units. */
  creditedDepositTotal: async (merchantCode: string, memberId: string, currency: string): Promise<bigint> => {
    const { rows } = await pool.query<{ total: string }>(
      `SELECT coalesce(sum(amount), 0)::text AS total FROM deposit_orders
       WHERE member_id = $1 AND merchant_code = $2 AND currency = $3 AND status = 'succeeded'`,
      [memberId, merchantCode, currency],
    );
    return BigInt(rows[0]?.total ?? '0');
  },

  /**
   * The credited (succeeded) deposits of some members in `currency`: each member's total, and when its running
   * total, in the order the deposits were credited, first reached `reaching` (null if it has not). Members without
   * a credited deposit are not listed.
   */
  creditedTotals: async (
    merchantCode: string,
    memberIds: readonly string[],
    currency: string,
    reaching: bigint,
  ): Promise<CreditedTotal[]> => {
    if (memberIds.length === 0) return [];
    const { rows } = await pool.query<{ memberId: string; total: string; reachedAt: Date | null }>(
      `WITH credited AS (
         SELECT member_id, updated_at,
                sum(amount) OVER (PARTITION BY member_id ORDER BY updated_at, id) AS running
           FROM deposit_orders
          WHERE merchant_code = $1 AND member_id = ANY($2::uuid[])
            AND currency = $3 AND status = 'succeeded'
       )
       SELECT member_id AS "memberId", max(running)::text AS total,
              min(updated_at) FILTER (WHERE running >= $4) AS "reachedAt"
         FROM credited
        GROUP BY member_id`,
      [merchantCode, [...memberIds], currency, reaching],
    );
    return rows.map((row) => ({ memberId: row.memberId, total: BigInt(row.total), reachedAt: row.reachedAt }));
  },

  /**
   * Claims a manual deposit for one operator's decision: only one operator can hold it, and the same operator
   * may claim it again (to finish a decision interrupted by a crash).
   */
  claimDeposit: async (id: string, operatorId: string): Promise<DepositRow | null> => {
    const { rows } = await pool.query<DepositRow>(
      `UPDATE deposit_orders SET decided_by = $2, updated_at = now()
       WHERE id = $1 AND status = 'awaiting_review' AND (decided_by IS NULL OR decided_by = $2)
       RETURNING ${DEPOSIT_COLUMNS}`,
      [id, operatorId],
    );
    return rows[0] ? depositOf(rows[0]) : null;
  },

  /** Moves an order on only from one of `from`: the guard that makes each transition happen once. */
  transitionDeposit: async (
    id: string,
    from: readonly DepositStatus[],
    values: DepositChange,
  ): Promise<DepositRow | null> => {
    const fields = (Object.keys(DEPOSIT_CHANGEABLE) as (keyof typeof DEPOSIT_CHANGEABLE)[]).filter(
      (field) => values[field] !== undefined,
    );
    const { rows } = await pool.query<DepositRow>(
      `UPDATE deposit_orders
       SET status = $3, ${fields.map((field, at) => `${DEPOSIT_CHANGEABLE[field]} = $${at + 4}, `).join('')}updated_at = now()
       WHERE id = $1 AND status = ANY($2::text[]) RETURNING ${DEPOSIT_COLUMNS}`,
      [id, [...from], values.status, ...fields.map((field) => values[field])],
    );
    return rows[0] ? depositOf(rows[0]) : null;
  },

  proofIds: (depositIds: readonly string[]) => proofStore.idsByOwner(pool, depositIds),

  findProof: (depositId: string, proofId: string) => proofStore.find(pool, depositId, proofId),

  proofCount: (depositId: string) => proofStore.countOf(pool, depositId),

  /**
   * Attaches proofs to a member's order that still awaits review. The order's row is locked while the count is
   * checked and the proofs written, so two uploads at once cannot pass three between them, and a decision
   * taken meanwhile waits for them (or they find the order decided).
   */
  attachProofs: (
    id: string,
    memberId: string,
    proofs: readonly RecodedProof[],
    maxFiles: number,
  ): Promise<'attached' | 'order_state_invalid' | 'upload_too_many'> =>
    inTransaction(pool, async (client) => {
      const { rowCount } = await client.query(
        `SELECT id FROM deposit_orders WHERE id = $1 AND member_id = $2 AND status = 'awaiting_review' FOR UPDATE`,
        [id, memberId],
      );
      if (!rowCount) return 'order_state_invalid';
      const stored = await proofStore.countOf(client, id);
      if (stored + proofs.length > maxFiles) return 'upload_too_many';
      await proofStore.insert(client, id, proofs, stored);
      return 'attached';
    }),
});

export type CashierRepository = ReturnType<typeof createCashierRepository>;
