import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, adminGamesEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

type GameFilters = RequestOf<typeof adminGamesEndpoints.listGames>;

export const vendorsQueryOptions = (code: string) =>
  queryOptions({
    queryKey: [adminGamesEndpoints.listVendors.name, code],
    queryFn: ({ signal }) => callEndpoint(adminGamesEndpoints.listVendors, { params: { code }, input: {}, signal }),
  });

/** The merchant's vendors with enablement, maintenance and order. */
export const useCatalogueVendors = (code: string) => useQuery(vendorsQueryOptions(code));

export const gamesQueryOptions = (code: string, filters: GameFilters) =>
  queryOptions({
    queryKey: [adminGamesEndpoints.listGames.name, code, filters],
    queryFn: ({ signal }) => callEndpoint(adminGamesEndpoints.listGames, { params: { code }, input: filters, signal }),
    placeholderData: keepPreviousData,
  });

/** One page of the merchant's games in lobby order, filtered and searched. */
export const useCatalogueGames = (code: string, filters: GameFilters) => useQuery(gamesQueryOptions(code, filters));

/** After any change: the lists and the audit log read afresh. */
const useRefreshCatalogue = (code: string) => {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: [adminGamesEndpoints.listVendors.name, code] });
    void queryClient.invalidateQueries({ queryKey: [adminGamesEndpoints.listGames.name, code] });
    void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listAudit.name] });
  };
};

export const useUpdateVendor = (code: string) => {
  const refresh = useRefreshCatalogue(code);
  return useMutation({
    mutationFn: ({ vassalage, ...input }: { vassalage: string } & RequestOf<typeof adminGamesEndpoints.updateVendor>) =>
      callEndpoint(adminGamesEndpoints.updateVendor, { params: { code, vassalage }, input }),
    onSuccess: refresh,
  });
};

export const useUpdateGame = (code: string) => {
  const refresh = useRefreshCatalogue(code);
  return useMutation({
    mutationFn: ({ nodeId, ...input }: { nodeId: string } & RequestOf<typeof adminGamesEndpoints.updateGame>) =>
      callEndpoint(adminGamesEndpoints.updateGame, { params: { code, nodeId }, input }),
    onSuccess: refresh,
  });
};

export const useReorderGames = (code: string) => {
  const refresh = useRefreshCatalogue(code);
  return useMutation({
    mutationFn: (nodeIds: string[]) =>
      callEndpoint(adminGamesEndpoints.reorderGames, { params: { code }, input: { nodeIds } }),
    onSuccess: refresh,
  });
};
