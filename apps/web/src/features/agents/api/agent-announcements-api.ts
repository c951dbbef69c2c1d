import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AgentAnnouncementsUnread, contentEndpoints, type RequestOf } from '@tessera/contracts';
import { useEffect } from 'react';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

export type AgentAnnouncementsQuery = RequestOf<typeof contentEndpoints.agentAnnouncements>;

/** The agent centre's announcements (agentAnnouncement): notices written for agents, newest first, one page. */
export const useAgentAnnouncements = (query: AgentAnnouncementsQuery) =>
  useQuery({
    queryKey: queryKeyOf(contentEndpoints.agentAnnouncements, query),
    queryFn: ({ signal }) => callEndpoint(contentEndpoints.agentAnnouncements, { query, signal }),
    placeholderData: keepPreviousData,
  });

/**
 * How many announcements the agent has not seen, for the menu's badge (decision 0113); asked again every few
 * minutes and when the window regains focus, so a notice written meanwhile shows.
 */
export const useAgentAnnouncementsUnread = (language: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeyOf(contentEndpoints.agentAnnouncementsUnread, { language }),
    queryFn: ({ signal }) => callEndpoint(contentEndpoints.agentAnnouncementsUnread, { query: { language }, signal }),
    enabled,
    refetchInterval: 5 * 60_000,
  });

/** Once the announcements have shown, every one that has appeared is read: the badge clears on every device. */
export const useMarkAgentAnnouncementsRead = (isShown: boolean) => {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: () => callEndpoint(contentEndpoints.agentAnnouncementsRead, { body: {} }),
    onSuccess: (answer: AgentAnnouncementsUnread) =>
      queryClient.setQueriesData({ queryKey: queryKeyOf(contentEndpoints.agentAnnouncementsUnread) }, answer),
  });
  useEffect(() => {
    if (isShown) mutate();
  }, [isShown, mutate]);
};
