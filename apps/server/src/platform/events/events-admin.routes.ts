import { type AuditAction, adminEventsEndpoints } from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../db/transaction';
import { AppError } from '../http/app-error';
import type { AdminContext } from '../http/context';
import type { Registrar } from '../http/registrar';
import type { EventDispatcher } from '.';

/** The audit log's writer (the admin module's `auditWith`), as the platform sees it. */
type AuditWith = (
  client: pg.PoolClient,
  actor: { operator: AdminContext['operator']; caller: AdminContext },
  entry: { action: AuditAction; merchantCode: string; target: string },
) => Promise<unknown>;

/**
 * Dead letters of events between modules (decision 0050): owner and risk read a merchant's, the owner sends one
 * again, audited in the same transaction as the change.
 */
export const registerEventsAdminRoutes = (
  r: Registrar,
  deps: {
    events: Pick<EventDispatcher, 'deadLetters' | 'retryDeadLetter'>;
    admin: { auditWith: AuditWith };
    pool: pg.Pool;
  },
): void => {
  const { events, admin, pool } = deps;

  r.admin(adminEventsEndpoints.listDeadLetters, async ({ input, ctx }) => {
    const { merchant } = ctx;
    const page = await events.deadLetters([merchant.code], {
      offset: (input.pageNo - 1) * input.pageSize,
      limit: input.pageSize,
    });
    return {
      list: page.items.map((letter) => ({
        subscriber: letter.subscriber,
        eventId: letter.eventId.toString(),
        event: letter.event,
        attempts: letter.attempts,
        lastError: letter.lastError,
        deadAt: letter.deadAt.toISOString(),
      })),
      pageNo: input.pageNo,
      totalPages: Math.ceil(page.total / input.pageSize),
    };
  });

  r.admin(adminEventsEndpoints.retryDeadLetter, async ({ input, ctx }) => {
    const { merchant } = ctx;
    const retried = await inTransaction(pool, async (client) => {
      const found = await events.retryDeadLetter([merchant.code], input.subscriber, BigInt(input.eventId), client);
      if (found) {
        await admin.auditWith(
          client,
          { operator: ctx.operator, caller: ctx },
          {
            action: 'events.dead_letter_retry',
            merchantCode: merchant.code,
            target: `${input.subscriber}/${input.eventId}`,
          },
        );
      }
      return found;
    });
    if (!retried) throw new AppError('not_found');
    return { retried: true as const };
  });
};
