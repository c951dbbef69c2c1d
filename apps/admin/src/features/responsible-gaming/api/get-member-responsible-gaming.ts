import { queryOptions, useQuery } from '@tanstack/react-query';
import { responsibleGamingEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

export const getMemberResponsibleGaming = (id: string, signal?: AbortSignal) =>
  callEndpoint(responsibleGamingEndpoints.adminView, { params: { id }, input: {}, signal });

/** A member's limits, breaks, exclusions and their history (read only; each look is audited by the server). */
export const useMemberResponsibleGaming = (id: string) =>
  useQuery(
    queryOptions({
      queryKey: [responsibleGamingEndpoints.adminView.name, id],
      queryFn: ({ signal }) => getMemberResponsibleGaming(id, signal),
    }),
  );
