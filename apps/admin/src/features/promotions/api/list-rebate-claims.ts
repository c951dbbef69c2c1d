import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminRebateEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

/** The merchant's rebate collections, newest first, a page at a time. */
export const useRebateClaims = (code: string, page: { pageNo: number; pageSize: number }) =>
  useQuery({
    queryKey: [adminRebateEndpoints.listClaims.name, code, page],
    queryFn: ({ signal }) => callEndpoint(adminRebateEndpoints.listClaims, { params: { code }, input: page, signal }),
    placeholderData: keepPreviousData,
  });
