import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contactEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';

const listKey = queryKeyOf(contactEndpoints.feedbackList);

/** One page of the member's feedback with the desk's replies; fresh again when a reply reaches the inbox. */
export const useMyFeedback = (pageNo: number, unread: number) =>
  useQuery({
    queryKey: [...listKey, pageNo, unread],
    queryFn: ({ signal }) => callEndpoint(contactEndpoints.feedbackList, { query: { pageNo }, signal }),
    placeholderData: keepPreviousData,
  });

/** Files a feedback with its images (multipart). */
export const useSubmitFeedback = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, images }: { body: RequestOf<typeof contactEndpoints.submitFeedback>; images: File[] }) =>
      callEndpoint(contactEndpoints.submitFeedback, { body, files: images }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
};

/** A stored image never changes: read once per page life. */
export const useFeedbackImage = (id: string, imageId: string) =>
  useQuery({
    queryKey: queryKeyOf(contactEndpoints.feedbackImage, { id, imageId }),
    queryFn: ({ signal }) => callEndpoint(contactEndpoints.feedbackImage, { params: { id, imageId }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
