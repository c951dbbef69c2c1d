import { useQuery } from '@tanstack/react-query';
import { contentEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import { usePublicStore } from '../../../shared/state/public-store';

/** The help centre in the interface language (spec section 7: lang and device WEB); the footer uses it too. */
export const useHelpCenter = () => {
  const language = usePublicStore((state) => state.language);
  return useQuery({
    queryKey: queryKeyOf(contentEndpoints.helpCenter, { language }),
    queryFn: ({ signal }) =>
      callEndpoint(contentEndpoints.helpCenter, { query: { lang: language ?? undefined, device: 'WEB' }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: language !== null,
  });
};
