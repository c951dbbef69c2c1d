import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type RequestOf, referralEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

export type ReferralFriendsQuery = RequestOf<typeof referralEndpoints.friends>;

export const getReferralFriends = (query: ReferralFriendsQuery, signal?: AbortSignal) =>
  callEndpoint(referralEndpoints.friends, { query, signal });

export const referralFriendsQueryOptions = (query: ReferralFriendsQuery) =>
  queryOptions({
    queryKey: queryKeyOf(referralEndpoints.friends, query),
    queryFn: ({ signal }) => getReferralFriends(query, signal),
    placeholderData: keepPreviousData,
  });

/** A page of the friends who signed up with the member's link, newest first. */
export const useReferralFriends = (query: ReferralFriendsQuery) => useQuery(referralFriendsQueryOptions(query));
