import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminContactEndpoints, type FeedbackStatus } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

const queueKey = adminContactEndpoints.feedbackQueue.name;

/** The merchant's feedback queue, by status, oldest waiting first. */
export const useFeedbackQueue = (code: string, status: FeedbackStatus | undefined, pageNo: number) =>
  useQuery({
    queryKey: [queueKey, code, status, pageNo],
    queryFn: ({ signal }) =>
      callEndpoint(adminContactEndpoints.feedbackQueue, {
        params: { code },
        input: { pageNo, ...(status ? { status } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: Boolean(code),
  });

/** Answers or closes a feedback; the queue is read again. */
export const useFeedbackAction = (code: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { id: string; reply: string } | { id: string; close: true }) =>
      'reply' in action
        ? callEndpoint(adminContactEndpoints.replyFeedback, {
            params: { code, id: action.id },
            input: { body: action.reply },
          })
        : callEndpoint(adminContactEndpoints.closeFeedback, { params: { code, id: action.id }, input: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [queueKey, code] }),
  });
};

/** One image of a feedback, read once (a stored image never changes). */
export const useFeedbackImage = (code: string, id: string, imageId: string) =>
  useQuery({
    queryKey: [adminContactEndpoints.feedbackImage.name, code, id, imageId],
    queryFn: ({ signal }) =>
      callEndpoint(adminContactEndpoints.feedbackImage, { params: { code, id, imageId }, input: {}, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
