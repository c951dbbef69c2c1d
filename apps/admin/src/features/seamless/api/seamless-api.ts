import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminSeamlessEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

/** The merchant's members' debts from seamless resettlements (decision 0117), newest first. */
export const useSeamlessDebts = (code: string, query: { status: 'open' | 'all'; pageNo: number; pageSize: number }) =>
  useQuery({
    queryKey: [adminSeamlessEndpoints.listDebts.name, code, query],
    queryFn: ({ signal }) => callEndpoint(adminSeamlessEndpoints.listDebts, { params: { code }, input: query, signal }),
    placeholderData: keepPreviousData,
  });
