import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminMembersEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

export const listMembers = (q: string, signal?: AbortSignal) =>
  callEndpoint(adminMembersEndpoints.listMembers, { input: { q }, signal });

export const listMembersQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [adminMembersEndpoints.listMembers.name, q],
    queryFn: ({ signal }) => listMembers(q, signal),
    placeholderData: keepPreviousData,
  });

/** Members matching `q` (username, mobile or e-mail fragment); nothing is asked while `q` is null. */
export const useMemberSearch = (q: string | null) =>
  useQuery({ ...listMembersQueryOptions(q ?? ''), enabled: q !== null });
