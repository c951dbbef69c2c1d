import { useQuery, useQueryClient } from '@tanstack/react-query';
import { messagesEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../api/call-endpoint';
import { queryKeyOf } from '../api/query-key';
import { useRealtimeEvent, useRealtimeReconnect } from '../realtime/realtime';
import { usePublicStore } from '../state/public-store';

/** The unread count's query; `messages.unread` pushes and the inbox's answers write into the same key. */
export const unreadQueryKey = queryKeyOf(messagesEndpoints.unreadCount);

/**
 * How many of the signed-in member's internal messages are unread (public state `unreadMessage`), kept current
 * by the server's pushes and fetched again after a reconnect. Trial accounts have no inbox: always 0.
 */
export const useUnreadMessages = (): number => {
  const queryClient = useQueryClient();
  const isEnabled = usePublicStore((state) => state.isLogin && !state.isTrial);
  useRealtimeEvent('messages.unread', (data) => queryClient.setQueryData(unreadQueryKey, data));
  useRealtimeReconnect(() => {
    if (isEnabled) queryClient.invalidateQueries({ queryKey: unreadQueryKey });
  });
  const query = useQuery({
    queryKey: unreadQueryKey,
    queryFn: ({ signal }) => callEndpoint(messagesEndpoints.unreadCount, { signal }),
    enabled: isEnabled,
  });
  return isEnabled ? (query.data?.unread ?? 0) : 0;
};
