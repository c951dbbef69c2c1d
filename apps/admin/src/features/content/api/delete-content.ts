import { useMutation } from '@tanstack/react-query';
import { adminContentEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';
import { useRefreshContent } from './list-content';

/** Removes one item (audited with what it held). */
export const useDeleteContent = (code: string) => {
  const refresh = useRefreshContent(code);
  return useMutation({
    mutationFn: (id: string) => callEndpoint(adminContentEndpoints.deleteContent, { params: { code, id }, input: {} }),
    onSuccess: refresh,
  });
};
