import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, adminPromotionsEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

/** The merchant's promotions of the engine, each with its figures (joined, issued, cost). */
export const usePromotions = (code: string) =>
  useQuery({
    queryKey: [adminPromotionsEndpoints.list.name, code],
    queryFn: ({ signal }) => callEndpoint(adminPromotionsEndpoints.list, { params: { code }, input: {}, signal }),
  });

/** The application review queue of one status, oldest first, with the images. */
export const usePromotionApplications = (
  code: string,
  query: RequestOf<typeof adminPromotionsEndpoints.applications>,
) =>
  useQuery({
    queryKey: [adminPromotionsEndpoints.applications.name, code, query],
    queryFn: ({ signal }) =>
      callEndpoint(adminPromotionsEndpoints.applications, { params: { code }, input: query, signal }),
    placeholderData: keepPreviousData,
  });

const useAfterChange = () => {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: [adminPromotionsEndpoints.list.name] });
    void queryClient.invalidateQueries({ queryKey: [adminPromotionsEndpoints.applications.name] });
    void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listAudit.name] });
  };
};

/** Uploads a promotion's picture; the server checks it by its bytes and re-encodes it (audited). */
export const useUploadPromotionImage = (code: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dataBase64: string) =>
      callEndpoint(adminPromotionsEndpoints.uploadImage, { params: { code }, input: { dataBase64 } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [adminEndpoints.listAudit.name] }),
  });
};

/** Creates a promotion, or changes one when `id` is given; audited by the server. */
export const useSavePromotion = (code: string) => {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: RequestOf<typeof adminPromotionsEndpoints.create> }) =>
      id
        ? callEndpoint(adminPromotionsEndpoints.update, { params: { code, id }, input })
        : callEndpoint(adminPromotionsEndpoints.create, { params: { code }, input }),
    onSuccess: afterChange,
  });
};

/** Approves (the bonus is granted) or rejects an application with a note; audited by the server. */
export const useReviewApplication = (code: string) => {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: RequestOf<typeof adminPromotionsEndpoints.review> }) =>
      callEndpoint(adminPromotionsEndpoints.review, { params: { code, id }, input }),
    onSuccess: afterChange,
  });
};

/** Grants a promotion's bonus to a member by hand with a reason; audited by the server. */
export const useGrantPromotionBonus = (code: string) => {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: RequestOf<typeof adminPromotionsEndpoints.grant> }) =>
      callEndpoint(adminPromotionsEndpoints.grant, { params: { code, id }, input }),
    onSuccess: afterChange,
  });
};
