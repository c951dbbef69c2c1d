import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type InhouseGame,
  type InhouseRound,
  inhouseEndpoints,
  type PlaceBet,
  walletEndpoints,
} from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

export const useInhouseGames = () =>
  useQuery({
    queryKey: queryKeyOf(inhouseEndpoints.games),
    queryFn: ({ signal }) => callEndpoint(inhouseEndpoints.games, { signal }),
    staleTime: 60_000,
  });

export const useSeeds = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeyOf(inhouseEndpoints.seeds),
    queryFn: ({ signal }) => callEndpoint(inhouseEndpoints.seeds, { signal }),
    enabled,
  });

export const useRevealedSeeds = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeyOf(inhouseEndpoints.revealedSeeds),
    queryFn: ({ signal }) => callEndpoint(inhouseEndpoints.revealedSeeds, { signal }),
    enabled,
  });

export const useRecall = (game: InhouseGame, enabled: boolean) =>
  useQuery({
    queryKey: queryKeyOf(inhouseEndpoints.recall, { game }),
    queryFn: ({ signal }) => callEndpoint(inhouseEndpoints.recall, { query: { game }, signal }),
    enabled,
  });

export const useOpenMines = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeyOf(inhouseEndpoints.openMines),
    queryFn: ({ signal }) => callEndpoint(inhouseEndpoints.openMines, { signal }),
    enabled,
  });

/** After a round changed: the seeds' nonce, the recall strip and the wallet balance are stale. */
const useRefreshAfterRound = () => {
  const client = useQueryClient();
  return (round: InhouseRound) => {
    void client.invalidateQueries({ queryKey: queryKeyOf(inhouseEndpoints.seeds) });
    void client.invalidateQueries({ queryKey: queryKeyOf(inhouseEndpoints.recall, { game: round.game }) });
    void client.invalidateQueries({ queryKey: queryKeyOf(walletEndpoints.balance) });
  };
};

export const usePlaceBet = () => {
  const refresh = useRefreshAfterRound();
  return useMutation({
    mutationFn: (body: PlaceBet) => callEndpoint(inhouseEndpoints.placeBet, { body }),
    onSuccess: refresh,
  });
};

export const useMinesStep = () => {
  const refresh = useRefreshAfterRound();
  return useMutation({
    mutationFn: (step: { id: string; tile: number } | { id: string; cashOut: true }) =>
      'tile' in step
        ? callEndpoint(inhouseEndpoints.minesReveal, { params: { id: step.id }, body: { tile: step.tile } })
        : callEndpoint(inhouseEndpoints.minesCashOut, { params: { id: step.id }, body: {} }),
    onSuccess: refresh,
  });
};

export const useRotateSeeds = () => {
  const client = useQueryClient();
  return useMutation({
    /** Without a client seed the server makes one. */
    mutationFn: (clientSeed: string | undefined) =>
      callEndpoint(inhouseEndpoints.rotateSeeds, { body: clientSeed === undefined ? {} : { clientSeed } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeyOf(inhouseEndpoints.seeds) });
      void client.invalidateQueries({ queryKey: queryKeyOf(inhouseEndpoints.revealedSeeds) });
      // The revealed pair's rounds can now be verified: every game's recent rounds carry their server seed.
      void client.invalidateQueries({ queryKey: queryKeyOf(inhouseEndpoints.recall) });
    },
  });
};

/** A fresh idempotency key per bet: a retried request with the same key never bets twice. */
export const newBetKey = (): string =>
  `${Date.now().toString(36)}-${Array.from(crypto.getRandomValues(new Uint8Array(9)), (b) => b.toString(16).padStart(2, '0')).join('')}`;
