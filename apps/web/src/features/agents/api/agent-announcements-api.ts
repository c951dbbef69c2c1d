import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contentEndpoints, type RequestOf } from '@tessera/contracts';
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
