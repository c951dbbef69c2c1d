import { useQuery } from '@tanstack/react-query';
import { gamesEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import type { LaunchMode } from '../launch/launch-rules';

export interface LaunchInput {
  nodeId: string;
  vassalage: string;
  mode: LaunchMode;
  language: string;
  /** A PVP game's room (GLS2_roomList). */
  roomId?: string;
}

/**
 * Starts a game (/wps/game/launchGame): a fresh short-lived game token and the URL to open, once per visit of the
 * seamless page (never cached, never retried: each answer is a new game session).
 */
export const useLaunchGameUrl = (input: LaunchInput | null, isLogin: boolean) =>
  useQuery({
    queryKey: queryKeyOf(gamesEndpoints.launch, input),
    queryFn: ({ signal }) =>
      callEndpoint(gamesEndpoints.launch, {
        query: {
          nodeId: input?.nodeId ?? '',
          vassalage: input?.vassalage,
          accountType: input?.mode === 'trial' ? 0 : 1,
          launchMode: 'GLS',
          platform: 'html5',
          clientType: 2,
          language: input?.language,
          roomId: input?.roomId,
        },
        signal,
      }),
    enabled: input !== null && isLogin,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
