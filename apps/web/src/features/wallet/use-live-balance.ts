import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent, useRealtimeReconnect } from '../../shared/realtime/realtime';
import { balanceQueryKey } from './api/get-balance';

/**
 * Keeps the cached balance current: each `wallet.balance` push replaces it, and after a reconnect (when pushes
 * may have been missed) it is fetched again.
 */
export const useLiveBalance = (): void => {
  const queryClient = useQueryClient();
  useRealtimeEvent('wallet.balance', (balance) => queryClient.setQueryData(balanceQueryKey, balance));
  useRealtimeReconnect(() => {
    queryClient.invalidateQueries({ queryKey: balanceQueryKey });
  });
};
