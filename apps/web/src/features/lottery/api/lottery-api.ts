import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LOTTERY_TOPIC, type LotteryLine, lotteryEndpoints, walletEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import { useRealtimeTopic } from '../../../shared/realtime/realtime';

/** How often the games are asked again while one has no open draw, or its open draw is past (a push missed). */
const STALE_DRAW_RETRY_MS = 5_000;

/**
 * The merchant's games with their open and last draws; `receivedAt` dates the server's clock for countdowns. A draw
 * pushed on the lottery topic refreshes them; while a game shows no open draw (read as the server was committing
 * the next one) or an open draw whose time is well past (a push lost to a reconnect), they are asked again every
 * 5 s instead of waiting for the next push.
 */
export const useLotteryGames = (enabled = true) =>
  useQuery({
    enabled,
    queryKey: queryKeyOf(lotteryEndpoints.games),
    queryFn: async ({ signal }) => ({
      games: await callEndpoint(lotteryEndpoints.games, { signal }),
      receivedAt: Date.now(),
    }),
    refetchInterval: (query) => {
      const now = Date.now();
      const isStale = query.state.data?.games.some(
        (game) => game.current === null || Date.parse(game.current.drawAt) + STALE_DRAW_RETRY_MS < now,
      );
      return isStale ? STALE_DRAW_RETRY_MS : false;
    },
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
