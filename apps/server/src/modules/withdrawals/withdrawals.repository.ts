import type { ConfirmationOutcome, WithdrawalStatus } from '@tessera/contracts';
import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../platform/db/database';
import { inTransaction } from '../../platform/db/transaction';
import { createProofImagesRepository, type RecodedProof } from '../../platform/images/proof-images';
import { payoutMethods, type WithdrawalRowStatus, withdrawalOrders, withdrawalProofs } from './withdrawals.schema';

export type PayoutMethodRow = typeof payoutMethods.$inferSelect;
export type WithdrawalRow = typeof withdrawalOrders.$inferSelect;

/** Statuses a member or operator sees; the internal in-between ones stay hidden until healed. */
const VISIBLE: WithdrawalRowStatus[] = ['pending', 'approved', 'disbursed', 'completed', 'disputed', 'rejected'];

const proofStore = createProofImagesRepository(withdrawalProofs);

export const createWithdrawalsRepository = (db: Db, pool: pg.Pool) => ({
  listMethods: (memberId: string): Promise<PayoutMethodRow[]> =>
    db
      .select()
      .from(payoutMethods)
      .where(and(eq(payoutMethods.memberId, memberId), isNull(payoutMethods.removedAt)))
      .orderBy(desc(payoutMethods.createdAt)),

  findMethod: async (memberId: string, id: string): Promise<PayoutMethodRow | null> => {
    const rows = await db
      .select()
      .from(payoutMethods)
      .where(and(eq(payoutMethods.id, id), eq(payoutMethods.memberId, memberId), isNull(payoutMethods.removedAt)))
      .limit(1);
    return rows[0] ?? null;
  },

  /** Saves a method unless the member already keeps `max`; one member's additions are serialised. */
  insertMethod: (values: typeof payoutMethods.$inferInsert, max: number): Promise<PayoutMethodRow | null> =>
    db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`payout:${values.memberId}`}))`);
      const [existing] = await tx
        .select({ n: count() })
        .from(payoutMethods)
        .where(and(eq(payoutMethods.memberId, values.memberId), isNull(payoutMethods.removedAt)));
      if ((existing?.n ?? 0) >= max) return null;
      const rows = await tx.insert(payoutMethods).values(values).returning();
      return rows[0] ?? null;
    }),

  removeMethod: async (memberId: string, id: string): Promise<boolean> => {
    const rows = await db
      .update(payoutMethods)
      .set({ removedAt: sql`now()` })
      .where(and(eq(payoutMethods.id, id), eq(payoutMethods.memberId, memberId), isNull(payoutMethods.removedAt)))
      .returning({ id: payoutMethods.id });
    return rows.length > 0;
  },

  findByRequest: async (memberId: string, requestId: string): Promise<WithdrawalRow | null> => {
    const rows = await db
      .select()
      .from(withdrawalOrders)
      .where(and(eq(withdrawalOrders.memberId, memberId), eq(withdrawalOrders.requestId, requestId)))
      .limit(1);
    return rows[0] ?? null;
  },

  /**
   * Writes an `opening` order unless the member has already opened `dailyCount` today (from `dayStart`); one
   * member's submissions are serialised, so two at once cannot both take the last one. `null`: over the count.
   */
  insertOpening: (
    values: typeof withdrawalOrders.$inferInsert,
    limit: { dayStart: Date; dailyCount: number },
  ): Promise<WithdrawalRow | 'over_limit' | 'duplicate'> =>
    db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`withdraw:${values.memberId}`}))`);
      const [today] = await tx
        .select({ n: count() })
        .from(withdrawalOrders)
        .where(
          and(
            eq(withdrawalOrders.memberId, values.memberId),
            sql`${withdrawalOrders.createdAt} >= ${limit.dayStart}`,
            sql`${withdrawalOrders.status} <> 'rejected'`,
          ),
        );
      if ((today?.n ?? 0) >= limit.dailyCount) return 'over_limit';
      const rows = await tx.insert(withdrawalOrders).values(values).onConflictDoNothing().returning();
      return rows[0] ?? 'duplicate';
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
    await db.delete(withdrawalOrders).where(and(eq(withdrawalOrders.id, id), eq(withdrawalOrders.status, 'opening')));
  },

  findById: async (id: string): Promise<WithdrawalRow | null> => {
    const rows = await db.select().from(withdrawalOrders).where(eq(withdrawalOrders.id, id)).limit(1);
    return rows[0] ?? null;
  },

  /** Moves an order from one of `from` to a new status, once: the row is only changed if it is still in `from`. */
  transition: async (
    id: string,
    from: readonly WithdrawalRowStatus[],
    set: Partial<typeof withdrawalOrders.$inferInsert> & { status: WithdrawalRowStatus },
  ): Promise<WithdrawalRow | null> => {
    const rows = await db
      .update(withdrawalOrders)
      .set({ ...set, updatedAt: sql`now()` })
      .where(and(eq(withdrawalOrders.id, id), inArray(withdrawalOrders.status, [...from])))
      .returning();
    return rows[0] ?? null;
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
    db.transaction(async (tx) => {
      const rows = await tx
        .update(withdrawalOrders)
        .set({
          status: confirmation.status,
          confirmOutcome: confirmation.outcome,
          amountReceived: confirmation.amountReceived,
          remark: confirmation.remark,
          confirmedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(withdrawalOrders.id, id),
            eq(withdrawalOrders.memberId, memberId),
            eq(withdrawalOrders.status, 'disbursed'),
          ),
        )
        .returning();
      const row = rows[0];
      if (!row) return null;
      await proofStore.insert(tx, id, proofs);
      return row;
    }),

  /** Disbursed orders past their confirmation window count as received. One statement: safe from many processes. */
  autoConfirmDue: async (now: Date): Promise<WithdrawalRow[]> =>
    db
      .update(withdrawalOrders)
      .set({ status: 'completed', confirmOutcome: 'auto_received', confirmedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(withdrawalOrders.status, 'disbursed'), lte(withdrawalOrders.autoConfirmAt, now)))
      .returning(),

  /** Orders left in an in-between state for longer than `olderThanMs` (a process died mid-step). */
  stuck: (olderThanMs: number): Promise<WithdrawalRow[]> =>
    db
      .select()
      .from(withdrawalOrders)
      .where(
        and(
          inArray(withdrawalOrders.status, ['opening', 'disbursing', 'rejecting']),
          sql`${withdrawalOrders.updatedAt} < now() - make_interval(secs => ${olderThanMs / 1000})`,
        ),
      )
      .limit(100),

  proofIds: (withdrawalIds: readonly string[]) => proofStore.idsByOwner(db, withdrawalIds),

  findProof: (withdrawalId: string, proofId: string) => proofStore.find(db, withdrawalId, proofId),

  list: async (filter: {
    merchantCode: string;
    memberId?: string;
    status?: WithdrawalStatus;
    offset: number;
    limit: number;
    oldestFirst?: boolean;
  }) => {
    const where = and(
      eq(withdrawalOrders.merchantCode, filter.merchantCode),
      filter.memberId ? eq(withdrawalOrders.memberId, filter.memberId) : undefined,
      filter.status ? eq(withdrawalOrders.status, filter.status) : inArray(withdrawalOrders.status, VISIBLE),
    );
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(withdrawalOrders)
        .where(where)
        .orderBy(filter.oldestFirst ? asc(withdrawalOrders.createdAt) : desc(withdrawalOrders.createdAt))
        .offset(filter.offset)
        .limit(filter.limit),
      db.select({ n: count() }).from(withdrawalOrders).where(where),
    ]);
    return { rows, total: total[0]?.n ?? 0 };
  },
});

export type WithdrawalsRepository = ReturnType<typeof createWithdrawalsRepository>;
