import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminContentEndpoints, adminEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

/** Uploads a banner picture; the server checks it by its bytes and re-encodes it (audited). */
export const useUploadContentImage = (code: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dataBase64: string) =>
      callEndpoint(adminContentEndpoints.uploadImage, { params: { code }, input: { dataBase64 } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listAudit.name] }),
  });
};
