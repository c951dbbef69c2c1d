import { queryOptions, useQuery } from '@tanstack/react-query';
import { withdrawalEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

export const confirmationListQueryKey = queryKeyOf(withdrawalEndpoints.confirmationList);

const confirmationListQueryOptions = () =>
  queryOptions({
    queryKey: confirmationListQueryKey,
    queryFn: ({ signal }) => callEndpoint(withdrawalEndpoints.confirmationList, { signal }),
  });

export const useConfirmationList = () => useQuery(confirmationListQueryOptions());
