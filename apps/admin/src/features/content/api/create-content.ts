import { useMutation } from '@tanstack/react-query';
import { adminContentEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';
import type { ContentFormValues } from '../lib/content-values';
import { useRefreshContent } from './list-content';

/** Adds a banner, notice, popup, promotion, help section or footer text (audited by the server). */
export const useCreateContent = (code: string) => {
  const refresh = useRefreshContent(code);
  return useMutation({
    mutationFn: (input: ContentFormValues) =>
      callEndpoint(adminContentEndpoints.createContent, { params: { code }, input }),
    onSuccess: refresh,
  });
};
