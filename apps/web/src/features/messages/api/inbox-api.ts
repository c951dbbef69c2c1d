import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messagesEndpoints } from '@tessera/contracts';
import { unreadQueryKey } from '../../../shared/account/unread-messages';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

const inboxKey = queryKeyOf(messagesEndpoints.inbox);

/** One page of the member's messages, newest first; kept fresh when a message arrives. */
export const useInbox = (pageNo: number, unread: number) =>
  useQuery({
    // The unread count is part of the key: a pushed change (a new message) fetches the page again.
    queryKey: [...inboxKey, pageNo, unread],
    queryFn: ({ signal }) => callEndpoint(messagesEndpoints.inbox, { query: { pageNo }, signal }),
    placeholderData: keepPreviousData,
  });

/** Marks messages read (some ids, or all); the answer is the new unread count. */
export const useMarkRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: { ids: string[] } | { all: true }) => callEndpoint(messagesEndpoints.markRead, { body: which }),
    onSuccess: (answer) => {
      queryClient.setQueryData(unreadQueryKey, answer);
      return queryClient.invalidateQueries({ queryKey: inboxKey });
    },
  });
};
