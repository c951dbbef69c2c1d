import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type RequestOf, walletEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

export type TransactionsQuery = RequestOf<typeof walletEndpoints.transactions>;

export const getTransactions = (query: TransactionsQuery, signal?: AbortSignal) =>
  callEndpoint(walletEndpoints.transactions, { query, signal });

export const transactionsQueryOptions = (query: TransactionsQuery) =>
  queryOptions({
    queryKey: queryKeyOf(walletEndpoints.transactions, query),
    queryFn: ({ signal }) => getTransactions(query, signal),
    placeholderData: keepPreviousData,
  });

export const useTransactions = (query: TransactionsQuery) => useQuery(transactionsQueryOptions(query));
