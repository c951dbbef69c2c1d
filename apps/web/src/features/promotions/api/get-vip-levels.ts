import { useQuery } from '@tanstack/react-query';
import { vipEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import { usePublicStore } from '../../../shared/state/public-store';

/** The merchant's VIP ladder, lowest first, named in the reader's language (the key follows the language). */
export const useVipLevels = () => {
  const language = usePublicStore((state) => state.language);
  return useQuery({
    queryKey: queryKeyOf(vipEndpoints.levels, { language }),
    queryFn: ({ signal }) => callEndpoint(vipEndpoints.levels, { signal }),
    enabled: language !== null,
  });
};
