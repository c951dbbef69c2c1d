import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, adminLotteryEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

export const lotteryGamesQueryOptions = (code: string) =>
  queryOptions({
    queryKey: [adminLotteryEndpoints.games.name, code],
    queryFn: ({ signal }) => callEndpoint(adminLotteryEndpoints.games, { params: { code }, input: {}, signal }),
  });

/** The merchant's lottery games: schedule, limits, odds with their exact returns. */
export const useLotteryGames = (code: string) => useQuery(lotteryGamesQueryOptions(code));

export type UpdateLotteryGameInput = RequestOf<typeof adminLotteryEndpoints.updateGame>;

/** Saves one game's settings (audited by the server); the answer replaces the game in the cached list. */
export const useUpdateLotteryGame = (code: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ gameCode, input }: { gameCode: string; input: UpdateLotteryGameInput }) =>
      callEndpoint(adminLotteryEndpoints.updateGame, { params: { code, gameCode }, input }),
    onSuccess: (game) => {
      queryClient.setQueryData(lotteryGamesQueryOptions(code).queryKey, (games) =>
        games?.map((row) => (row.code === game.code ? game : row)),
      );
      void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listAudit.name] });
    },
  });
};

/** A page of draws, newest first, of one game or of all. */
export const useLotteryDraws = (code: string, query: { gameCode?: string | undefined; pageNo: number }) =>
  useQuery({
    queryKey: [adminLotteryEndpoints.draws.name, code, query],
    queryFn: ({ signal }) =>
      callEndpoint(adminLotteryEndpoints.draws, {
        params: { code },
        input: { pageNo: query.pageNo, ...(query.gameCode ? { gameCode: query.gameCode } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** One draw with its totals and what the house would pay on each selection and on its worst outcome. */
export const useLotteryExposure = (code: string, drawId: string) =>
  useQuery({
    queryKey: [adminLotteryEndpoints.exposure.name, code, drawId],
    queryFn: ({ signal }) =>
      callEndpoint(adminLotteryEndpoints.exposure, { params: { code, drawId }, input: {}, signal }),
  });

/** Cancels a draw not yet drawn, refunding every ticket (audited with the reason). */
export const useCancelLotteryDraw = (code: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ drawId, reason }: { drawId: string; reason: string }) =>
      callEndpoint(adminLotteryEndpoints.cancelDraw, { params: { code, drawId }, input: { reason } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [adminLotteryEndpoints.draws.name] });
      void queryClient.invalidateQueries({ queryKey: [adminLotteryEndpoints.exposure.name] });
      void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listAudit.name] });
    },
  });
};
