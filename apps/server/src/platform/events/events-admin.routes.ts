import { adminEventsEndpoints } from '@tessera/contracts';
import { AppError } from '../http/app-error';
import type { Registrar } from '../http/registrar';
import type { EventDispatcher } from '.';

/** Dead letters of events between modules (decision 0050): owner and risk read a merchant's, the owner retries one. */
export const registerEventsAdminRoutes = (
  r: Registrar,
  deps: { events: Pick<EventDispatcher, 'deadLetters' | 'retryDeadLetter'> },
): void => {
  const { events } = deps;

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
    if (!(await events.retryDeadLetter([merchant.code], input.subscriber, BigInt(input.eventId)))) {
      throw new AppError('not_found');
    }
    return { retried: true as const };
  });
};
