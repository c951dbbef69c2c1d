import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminVerificationEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

export type OutboxQuery = RequestOf<typeof adminVerificationEndpoints.listOutbox>;

export const listOutbox = (query: OutboxQuery, signal?: AbortSignal) =>
  callEndpoint(adminVerificationEndpoints.listOutbox, { input: query, signal });

export const outboxQueryOptions = (query: OutboxQuery) =>
  queryOptions({
    queryKey: [adminVerificationEndpoints.listOutbox.name, query],
    queryFn: ({ signal }) => listOutbox(query, signal),
    placeholderData: keepPreviousData,
  });

/** One page of the SMS and e-mail the platform sent, newest first. */
export const useOutbox = (query: OutboxQuery) => useQuery(outboxQueryOptions(query));
