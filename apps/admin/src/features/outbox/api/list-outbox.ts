import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

export type OutboxQuery = RequestOf<typeof adminEndpoints.listOutbox>;

export const listOutbox = (query: OutboxQuery, signal?: AbortSignal) =>
  callEndpoint(adminEndpoints.listOutbox, { input: query, signal });

export const outboxQueryOptions = (query: OutboxQuery) =>
  queryOptions({
    queryKey: [adminEndpoints.listOutbox.name, query],
    queryFn: ({ signal }) => listOutbox(query, signal),
    placeholderData: keepPreviousData,
  });

/** One page of the SMS and e-mail the platform sent, newest first. */
export const useOutbox = (query: OutboxQuery) => useQuery(outboxQueryOptions(query));
