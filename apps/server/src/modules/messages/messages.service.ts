import { INBOX_PAGE_SIZE, type MemberMessageType } from '@tessera/contracts';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { memberMessages } from './messages.schema';

export const createMessagesService = (
  db: Db,
  options: {
    /** After a member's unread count changed (a message stored, some read): the app pushes the new count. */
    onUnreadChange?: (merchantCode: string, memberId: string) => void;
  } = {},
) => {
  const unreadCount = async (memberId: string): Promise<number> => {
    const rows = await db
      .select({ n: count() })
      .from(memberMessages)
      .where(and(eq(memberMessages.memberId, memberId), isNull(memberMessages.readAt)));
    return rows[0]?.n ?? 0;
  };

  return {
    /** Stores a message for a member once per dedupe key; `params` fill the type's template in the browser. */
    send: async (input: {
      merchantCode: string;
      memberId: string;
      type: MemberMessageType;
      params: Record<string, string>;
      dedupeKey: string;
    }): Promise<void> => {
      const stored = await db
        .insert(memberMessages)
        .values(input)
        .onConflictDoNothing()
        .returning({ id: memberMessages.id });
      if (stored.length > 0) options.onUnreadChange?.(input.merchantCode, input.memberId);
    },

    unreadCount,

    /** One page of the member's messages, newest first, with the unread count. */
    inbox: async (memberId: string, pageNo: number) => {
      const [rows, [total], unread] = await Promise.all([
        db
          .select()
          .from(memberMessages)
          .where(eq(memberMessages.memberId, memberId))
          .orderBy(desc(memberMessages.createdAt), desc(memberMessages.id))
          .limit(INBOX_PAGE_SIZE)
          .offset((pageNo - 1) * INBOX_PAGE_SIZE),
        db.select({ n: count() }).from(memberMessages).where(eq(memberMessages.memberId, memberId)),
        unreadCount(memberId),
      ]);
      return { rows, totalPages: Math.max(1, Math.ceil((total?.n ?? 0) / INBOX_PAGE_SIZE)), unread };
    },

    /** Marks the member's own messages read (`ids` of other members are ignored); answers the unread count. */
    markRead: async (merchantCode: string, memberId: string, which: { ids: string[] } | { all: true }) => {
      const changed = await db
        .update(memberMessages)
        .set({ readAt: sql`now()` })
        .where(
          and(
            eq(memberMessages.memberId, memberId),
            isNull(memberMessages.readAt),
            'ids' in which ? inArray(memberMessages.id, which.ids.map(BigInt)) : undefined,
          ),
        )
        .returning({ id: memberMessages.id });
      if (changed.length > 0) options.onUnreadChange?.(merchantCode, memberId);
      return unreadCount(memberId);
    },
  };
};

export type MessagesService = ReturnType<typeof createMessagesService>;
