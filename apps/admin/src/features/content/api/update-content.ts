import { useMutation } from '@tanstack/react-query';
import { adminContentEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';
import type { ContentFormValues } from '../lib/content-values';
import { useRefreshContent } from './list-content';

/** Replaces one item (its kind stays); also how the list reorders, enables and disables. Audited. */
export const useUpdateContent = (code: string) => {
  const refresh = useRefreshContent(code);
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ContentFormValues }) =>
      callEndpoint(adminContentEndpoints.updateContent, { params: { code, id }, input }),
    onSuccess: refresh,
  });
};
