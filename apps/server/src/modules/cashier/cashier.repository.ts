import type { DepositStatus } from '@tessera/contracts';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { createProofImagesRepository, type RecodedProof } from '../../platform/images/proof-images';
import { depositOrders, depositProofs, paymentChannels } from './cashier.schema';

export type ChannelRow = typeof paymentChannels.$inferSelect;
export type DepositRow = typeof depositOrders.$inferSelect;
/** A member's credited deposits in one currency: the total, and when it first reached a given amount. */
export interface CreditedTotal {
  memberId: string;
  total: bigint;
  reachedAt: Date | null;
}

const proofStore = createProofImagesRepository(depositProofs);

export const createCashierRepository = (db: Db) => ({
  listChannels: (merchantCode: string, onlyEnabled: boolean): Promise<ChannelRow[]> =>
    db
      .select()
      .from(paymentChannels)
      .where(
        onlyEnabled
          ? and(eq(paymentChannels.merchantCode, merchantCode), eq(paymentChannels.enabled, true))
          : eq(paymentChannels.merchantCode, merchantCode),
      )
      .orderBy(asc(paymentChannels.sort), asc(paymentChannels.name)),

  findChannel: async (merchantCode: string, id: string): Promise<ChannelRow | null> => {
    const rows = await db
      .select()
      .from(paymentChannels)
      .where(and(eq(paymentChannels.merchantCode, merchantCode), eq(paymentChannels.id, id)))
      .limit(1);
    return rows[0] ?? null;
  },

  insertChannelIfAbsent: async (values: typeof paymentChannels.$inferInsert): Promise<void> => {
    await db.insert(paymentChannels).values(values).onConflictDoNothing();
  },

  insertDeposit: async (values: typeof depositOrders.$inferInsert): Promise<DepositRow | null> => {
    const rows = await db.insert(depositOrders).values(values).onConflictDoNothing().returning();
    return rows[0] ?? null;
  },

  findDeposit: async (id: string): Promise<DepositRow | null> => {
    const rows = await db.select().from(depositOrders).where(eq(depositOrders.id, id)).limit(1);
    return rows[0] ?? null;
  },

  findDepositByReference: async (merchantCode: string, reference: string): Promise<DepositRow | null> => {
    const rows = await db
      .select()
      .from(depositOrders)
      .where(and(eq(depositOrders.merchantCode, merchantCode), eq(depositOrders.reference, reference)))
      .limit(1);
    return rows[0] ?? null;
  },

  listDeposits: async (filter: {
    merchantCode: string;
    memberId?: string;
    statuses?: readonly DepositStatus[];
    offset: number;
    limit: number;
  }) => {
    const where = and(
      eq(depositOrders.merchantCode, filter.merchantCode),
      filter.memberId ? eq(depositOrders.memberId, filter.memberId) : undefined,
      filter.statuses ? inArray(depositOrders.status, [...filter.statuses]) : undefined,
    );
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(depositOrders)
        .where(where)
        .orderBy(desc(depositOrders.createdAt))
        .offset(filter.offset)
        .limit(filter.limit),
      db.select({ n: count() }).from(depositOrders).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  },

  /** The sum of a member's succeeded deposits in `currency`, in minor units. */
  creditedDepositTotal: async (merchantCode: string, memberId: string, currency: string): Promise<bigint> => {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${depositOrders.amount}), 0)::text` })
      .from(depositOrders)
      .where(
        and(
          eq(depositOrders.memberId, memberId),
          eq(depositOrders.merchantCode, merchantCode),
          eq(depositOrders.currency, currency),
          eq(depositOrders.status, 'succeeded'),
        ),
      );
    return BigInt(row?.total ?? '0');
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
    const result = await db.execute<{ memberId: string; total: string; reachedAt: Date | null }>(sql`
      WITH credited AS (
        SELECT member_id, updated_at,
               sum(amount) OVER (PARTITION BY member_id ORDER BY updated_at, id) AS running
          FROM deposit_orders
         WHERE merchant_code = ${merchantCode} AND member_id IN ${[...memberIds]}
           AND currency = ${currency} AND status = 'succeeded'
      )
      SELECT member_id AS "memberId", max(running)::text AS total,
             min(updated_at) FILTER (WHERE running >= ${reaching}) AS "reachedAt"
        FROM credited
       GROUP BY member_id`);
    return result.rows.map((row) => ({
      memberId: row.memberId,
      total: BigInt(row.total),
      reachedAt: row.reachedAt === null ? null : new Date(row.reachedAt),
    }));
  },

  /**
   * Claims a manual deposit for one operator's decision: only one operator can hold it, and the same operator
   * may claim it again (to finish a decision interrupted by a crash).
   */
  claimDeposit: async (id: string, operatorId: string): Promise<DepositRow | null> => {
    const rows = await db
      .update(depositOrders)
      .set({ decidedBy: operatorId, updatedAt: sql`now()` })
      .where(
        and(
          eq(depositOrders.id, id),
          eq(depositOrders.status, 'awaiting_review'),
          sql`(${depositOrders.decidedBy} IS NULL OR ${depositOrders.decidedBy} = ${operatorId})`,
        ),
      )
      .returning();
    return rows[0] ?? null;
  },

  /** Moves an order on only from one of `from`: the guard that makes each transition happen once. */
  transitionDeposit: async (
    id: string,
    from: readonly DepositStatus[],
    values: Partial<typeof depositOrders.$inferInsert> & { status: DepositStatus },
  ): Promise<DepositRow | null> => {
    const rows = await db
      .update(depositOrders)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(depositOrders.id, id), inArray(depositOrders.status, [...from])))
      .returning();
    return rows[0] ?? null;
  },

  proofIds: (depositIds: readonly string[]) => proofStore.idsByOwner(db, depositIds),

  findProof: (depositId: string, proofId: string) => proofStore.find(db, depositId, proofId),

  proofCount: (depositId: string) => proofStore.countOf(db, depositId),

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
    db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: depositOrders.id })
        .from(depositOrders)
        .where(
          and(
            eq(depositOrders.id, id),
            eq(depositOrders.memberId, memberId),
            eq(depositOrders.status, 'awaiting_review'),
          ),
        )
        .for('update');
      if (!rows[0]) return 'order_state_invalid';
      const stored = await proofStore.countOf(tx, id);
      if (stored + proofs.length > maxFiles) return 'upload_too_many';
      await proofStore.insert(tx, id, proofs, stored);
      return 'attached';
    }),
});

export type CashierRepository = ReturnType<typeof createCashierRepository>;
