import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type MissionBoardPeriod, missionEndpoints, walletEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import { useRealtimeEvent, useRealtimeReconnect } from '../../../shared/realtime/realtime';
import { usePublicStore } from '../../../shared/state/public-store';

/** Every missions query starts with this key part, so a claim reads them all again. */
export const missionsQueryKey = ['missions'] as const;

/**
 * How often the summary (and so the badge) is read again while shown: progress comes from events, a second or two
 * after the round settles. A completion is pushed (`missions.changed`) and read at once; the progress in between
 * can wait on every page but the missions page itself, where a member watches a mission fill up, which reads it
 * more often while a mission is still in progress.
 */
const SUMMARY_REFRESH_MS = 30_000;
const WATCHED_REFRESH_MS = 5_000;

/** The member's missions in the reader's language and the red badge's count (missions completed, not claimed). */
export const useMissionSummary = ({ enabled, watched = false }: { enabled: boolean; watched?: boolean }) => {
  const language = usePublicStore((state) => state.language);
  const queryClient = useQueryClient();
  const refresh = () => {
    if (enabled) void queryClient.invalidateQueries({ queryKey: missionsQueryKey });
  };
  useRealtimeEvent('missions.changed', refresh);
  useRealtimeReconnect(refresh);
  return useQuery({
    queryKey: [...missionsQueryKey, ...queryKeyOf(missionEndpoints.summary, { language })],
    queryFn: ({ signal }) => callEndpoint(missionEndpoints.summary, { signal }),
    enabled: enabled && language !== null,
    refetchInterval: (query) =>
      watched && query.state.data?.missions.some((mission) => mission.status === 'in_progress')
        ? WATCHED_REFRESH_MS
        : SUMMARY_REFRESH_MS,
  });
};

/** The red badge's count for a signed-in real member (0 otherwise or while loading). */
export const useMissionCount = (): number => {
  const isLogin = usePublicStore((state) => state.isLogin);
  const isTrial = usePublicStore((state) => state.isTrial);
  return useMissionSummary({ enabled: isLogin && !isTrial }).data?.missionCount ?? 0;
};

export const useMissionLeaderboard = (period: MissionBoardPeriod, offset: number) =>
  useQuery({
    queryKey: [...missionsQueryKey, ...queryKeyOf(missionEndpoints.leaderboard, { period, offset })],
    queryFn: ({ signal }) => callEndpoint(missionEndpoints.leaderboard, { query: { period, offset }, signal }),
  });

/** Claims a completed mission's reward; whatever the answer, the missions and the balance are read again. */
export const useClaimMission = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { missionId: string; periodKey: string }) => callEndpoint(missionEndpoints.claim, { body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: missionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf(walletEndpoints.balance) }),
      ]),
  });
};
