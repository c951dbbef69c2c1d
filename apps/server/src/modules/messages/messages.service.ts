import type { MemberMessageType } from '@tessera/contracts';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { memberMessages } from './messages.schema';

export const createMessagesService = (db: Db) => ({
  /** Stores a message for a member once per dedupe key; `params` fill the type's template in the browser. */
  send: async (input: {
    merchantCode: string;
    memberId: string;
    type: MemberMessageType;
    params: Record<string, string>;
    dedupeKey: string;
  }): Promise<void> => {
    await db.insert(memberMessages).values(input).onConflictDoNothing();
  },

  unreadCount: async (memberId: string): Promise<number> => {
    const rows = await db
      .select({ n: count() })
      .from(memberMessages)
      .where(and(eq(memberMessages.memberId, memberId), isNull(memberMessages.readAt)));
    return rows[0]?.n ?? 0;
  },
});

export type MessagesService = ReturnType<typeof createMessagesService>;
