import { INBOX_PAGE_SIZE } from '@tessera/contracts';
import type { MessagesRepository, NewMemberMessage } from './messages.repository';

export const createMessagesService = (
  repository: MessagesRepository,
  options: {
    /** After a member's unread count changed (a message stored, some read): the app pushes the new count. */
    onUnreadChange?: (merchantCode: string, memberId: string) => void;
    /** After many members' unread counts changed at once (an operator's message): the app pushes each count. */
    onUnreadChanges?: (merchantCode: string, memberIds: readonly string[]) => void;
  } = {},
) => {
  const unreadCount = (memberId: string): Promise<number> => repository.unreadCount(memberId);

  return {
    /** Stores a message for a member once per dedupe key; `params` fill the type's template in the browser. */
    send: async (input: NewMemberMessage): Promise<void> => {
      if (await repository.insertIfAbsent(input)) options.onUnreadChange?.(input.merchantCode, input.memberId);
    },

    unreadCount,

    /** The unread counts of several members (those with none left out). */
    unreadCounts: (memberIds: readonly string[]) => repository.unreadCounts(memberIds),

    /** Members who just received a message written elsewhere (an operator's message): their counts are pushed. */
    announceUnread: (merchantCode: string, memberIds: readonly string[]): void => {
      if (memberIds.length > 0) options.onUnreadChanges?.(merchantCode, memberIds);
    },

    /** One page of the member's messages, newest first, with the unread count. */
    inbox: async (memberId: string, pageNo: number) => {
      const [rows, total, unread] = await Promise.all([
        repository.page(memberId, INBOX_PAGE_SIZE, (pageNo - 1) * INBOX_PAGE_SIZE),
        repository.countFor(memberId),
        unreadCount(memberId),
      ]);
      return { rows, totalPages: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)), unread };
    },

    /** Marks the member's own messages read (`ids` of other members are ignored); answers the unread count. */
    markRead: async (merchantCode: string, memberId: string, which: { ids: string[] } | { all: true }) => {
      const changed = await repository.markRead(memberId, 'ids' in which ? which.ids.map(BigInt) : null);
      if (changed > 0) options.onUnreadChange?.(merchantCode, memberId);
      return unreadCount(memberId);
    },
  };
};

export type MessagesService = ReturnType<typeof createMessagesService>;
