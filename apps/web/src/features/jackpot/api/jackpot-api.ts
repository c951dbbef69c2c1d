import { useQuery, useQueryClient } from '@tanstack/react-query';
import { JACKPOT_TOPIC, type JackpotList, jackpotEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import { useRealtimeReconnect, useRealtimeTopic } from '../../../shared/realtime/realtime';
import { usePublicStore } from '../../../shared/state/public-store';

const jackpotKey = queryKeyOf(jackpotEndpoints.get);

/**
 * The merchant's live jackpot pools: read once, then kept by the `jackpot.value` pushes of topic `jackpot`
 * (decision 0116) and read again after a reconnect (a push may have been missed meanwhile).
 */
export const useLiveJackpot = () => {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: jackpotKey,
    queryFn: ({ signal }) => callEndpoint(jackpotEndpoints.get, { body: {}, signal }),
  });
  useRealtimeTopic(JACKPOT_TOPIC, (type, data) => {
    if (type !== 'jackpot.value') return;
    const pushed = data as { currency: string; value: string };
    client.setQueryData<JackpotList>(jackpotKey, (current) =>
      current
        ? {
            list: current.list.map((pool) =>
              pool.currency === pushed.currency ? { ...pool, value: pushed.value } : pool,
            ),
          }
        : current,
    );
  });
  useRealtimeReconnect(() => void client.invalidateQueries({ queryKey: jackpotKey }));
  return query;
};

/** The signed-in member's own jackpot wins (nothing is asked while logged out). */
export const useMyJackpotWins = () => {
  const isLogin = usePublicStore((state) => state.isLogin);
  return useQuery({
    enabled: isLogin,
    queryKey: queryKeyOf(jackpotEndpoints.myWins),
    queryFn: ({ signal }) => callEndpoint(jackpotEndpoints.myWins, { signal }),
  });
};
