import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminMembersEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

export const getMember = (id: string, signal?: AbortSignal) =>
  callEndpoint(adminMembersEndpoints.getMember, { params: { id }, input: {}, signal });

export const getMemberQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [adminMembersEndpoints.getMember.name, id],
    queryFn: ({ signal }) => getMember(id, signal),
  });

/** A member and its last 50 login attempts. */
export const useMember = (id: string) => useQuery(getMemberQueryOptions(id));
