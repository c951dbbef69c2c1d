import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminContentEndpoints, adminEndpoints, type ContentKind } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

export const contentListQueryOptions = (code: string, language: string, kind: ContentKind) =>
  queryOptions({
    queryKey: [adminContentEndpoints.listContent.name, code, language, kind],
    queryFn: ({ signal }) =>
      callEndpoint(adminContentEndpoints.listContent, {
        params: { code },
        input: { language, kind },
        signal,
      }),
  });

/** A merchant's items of one kind in one language, in the order the site shows them. */
export const useContentList = (code: string, language: string, kind: ContentKind) =>
  useQuery(contentListQueryOptions(code, language, kind));

/** After any change: the merchant's lists and the audit log read afresh. */
export const useRefreshContent = (code: string) => {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: [adminContentEndpoints.listContent.name, code] });
    void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listAudit.name] });
  };
};
