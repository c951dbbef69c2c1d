import { useQuery } from '@tanstack/react-query';
import { gamesEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

/** A PVP game's rooms (GLS2_roomList): stake levels with the members playing now, read fresh on each opening. */
export const usePvpRooms = (nodeId: string | null, language: string) =>
  useQuery({
    queryKey: queryKeyOf(gamesEndpoints.roomList, { nodeId, language }),
    queryFn: ({ signal }) =>
      callEndpoint(gamesEndpoints.roomList, { query: { nodeId: nodeId ?? '', language }, signal }),
    enabled: nodeId !== null,
    staleTime: 0,
    select: (value) => value.list,
  });
