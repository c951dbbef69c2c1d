import { useQueryClient } from '@tanstack/react-query';
import { JACKPOT_TOPIC, type JackpotList } from '@tessera/contracts';
import { useRealtimeReconnect, useRealtimeTopic } from '../../../shared/realtime/realtime';
import { jackpotKey } from './jackpot-api';

/**
 * Keeps the pools live while mounted: the `jackpot.value` pushes of topic `jackpot` (decision 0116), and a new read
 * after a reconnect (a push may have been missed meanwhile). This module is the only one of the ticker's that loads the
 * realtime client, and the ticker loads it once a pool shows: a merchant without one costs no connection.
 */
export const useJackpotPushes = () => {
  const client = useQueryClient();
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
};
