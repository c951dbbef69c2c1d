import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../api/call-endpoint';
import { queryKeyOf } from '../api/query-key';
import { usePublicStore } from '../state/public-store';

export const getMemberInfo = (signal?: AbortSignal) => callEndpoint(memberEndpoints.info, { signal });

export const memberInfoQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyOf(memberEndpoints.info),
    queryFn: ({ signal }) => getMemberInfo(signal),
  });

/** The signed-in member (header, security centre); nothing is asked while logged out. */
export const useMemberInfo = () => {
  const isLogin = usePublicStore((state) => state.isLogin);
  return useQuery({ ...memberInfoQueryOptions(), enabled: isLogin });
};
