import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LOTTERY_TOPIC, type LotteryLine, lotteryEndpoints, walletEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import { useRealtimeTopic } from '../../../shared/realtime/realtime';

/** The merchant's games with their open and last draws; `receivedAt` dates the server's clock for countdowns. */
export const useLotteryGames = (enabled = true) =>
  useQuery({
    enabled,
    queryKey: queryKeyOf(lotteryEndpoints.games),
    queryFn: async ({ signal }) => ({
      games: await callEndpoint(lotteryEndpoints.games, { signal }),
      receivedAt: Date.now(),
    }),
  });

export const useLotteryResults = (gameCode: string, pageNo: number) =>
  useQuery({
    queryKey: queryKeyOf(lotteryEndpoints.results, { gameCode, pageNo }),
    queryFn: ({ signal }) => callEndpoint(lotteryEndpoints.results, { query: { gameCode, pageNo }, signal }),
  });

export const useLotteryTickets = (gameCode: string, pageNo: number) =>
  useQuery({
    queryKey: queryKeyOf(lotteryEndpoints.tickets, { gameCode, pageNo }),
    queryFn: ({ signal }) => callEndpoint(lotteryEndpoints.tickets, { query: { gameCode, pageNo }, signal }),
  });

/** Every draw pushed on the lottery topic makes games, results, tickets and the balance stale. */
export const useLotteryLive = () => {
  const client = useQueryClient();
  useRealtimeTopic(LOTTERY_TOPIC, () => {
    for (const endpoint of [lotteryEndpoints.games, lotteryEndpoints.results, lotteryEndpoints.tickets]) {
      void client.invalidateQueries({ queryKey: queryKeyOf(endpoint) });
    }
    void client.invalidateQueries({ queryKey: queryKeyOf(walletEndpoints.balance) });
  });
};

export const useBuyLottery = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { requestId: string; gameCode: string; drawNo: string; lines: LotteryLine[] }) =>
      callEndpoint(lotteryEndpoints.buy, { body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeyOf(lotteryEndpoints.tickets) });
      void client.invalidateQueries({ queryKey: queryKeyOf(walletEndpoints.balance) });
    },
  });
};
