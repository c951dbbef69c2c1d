import { queryOptions, useQuery } from '@tanstack/react-query';
import { cashierEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

export const getDepositProof = (id: string, proofId: string, signal?: AbortSignal) =>
  callEndpoint(cashierEndpoints.depositProof, { params: { id, proofId }, signal });

/** A stored proof never changes: read once per page life. */
export const depositProofQueryOptions = (id: string, proofId: string) =>
  queryOptions({
    queryKey: queryKeyOf(cashierEndpoints.depositProof, { id, proofId }),
    queryFn: ({ signal }) => getDepositProof(id, proofId, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useDepositProof = (id: string, proofId: string) => useQuery(depositProofQueryOptions(id, proofId));
