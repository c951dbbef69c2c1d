import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminChatEndpoints, type ChatStatus } from '@tessera/contracts';
import { useEffect, useState } from 'react';
import { callEndpoint, callFileEndpoint, callUploadEndpoint } from '../../../shared/api/api-client';

export const chatListKey = (code: string) => [adminChatEndpoints.list.name, code];

/** The merchant's conversations, longest waiting first. */
export const useChatList = (code: string, status: ChatStatus | undefined) =>
  useQuery({
    queryKey: [...chatListKey(code), status],
    queryFn: ({ signal }) =>
      callEndpoint(adminChatEndpoints.list, { params: { code }, input: status ? { status } : {}, signal }),
    enabled: Boolean(code),
  });

export const readThread = (code: string, id: string, afterSeq: number) =>
  callEndpoint(adminChatEndpoints.thread, { params: { code, id }, input: { afterSeq } });

/** The operators a conversation can be handed to. */
export const useChatDesk = (code: string) =>
  useQuery({
    queryKey: [adminChatEndpoints.desk.name, code],
    queryFn: ({ signal }) => callEndpoint(adminChatEndpoints.desk, { params: { code }, input: {}, signal }),
    enabled: Boolean(code),
  });

/** Take, answer, hand over, resolve, mark read: each answers the conversation; the list is read again. */
export const useChatActions = (code: string) => {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: chatListKey(code) });
  return {
    claim: useMutation({
      mutationFn: (id: string) => callEndpoint(adminChatEndpoints.claim, { params: { code, id }, input: {} }),
      onSuccess: refresh,
    }),
    send: useMutation({
      mutationFn: ({ id, body, clientMessageId }: { id: string; body: string; clientMessageId: string }) =>
        callEndpoint(adminChatEndpoints.send, { params: { code, id }, input: { body, clientMessageId } }),
      onSuccess: refresh,
    }),
    sendImage: useMutation({
      mutationFn: ({
        id,
        body,
        clientMessageId,
        picture,
      }: {
        id: string;
        body: string;
        clientMessageId: string;
        picture: File;
      }) =>
        callUploadEndpoint(adminChatEndpoints.sendImage, {
          params: { code, id },
          input: { body, clientMessageId },
          files: [picture],
        }),
      onSuccess: refresh,
    }),
    transfer: useMutation({
      mutationFn: ({ id, operatorId }: { id: string; operatorId: string }) =>
        callEndpoint(adminChatEndpoints.transfer, { params: { code, id }, input: { operatorId } }),
      onSuccess: refresh,
    }),
    resolve: useMutation({
      mutationFn: (id: string) => callEndpoint(adminChatEndpoints.resolve, { params: { code, id }, input: {} }),
      onSuccess: refresh,
    }),
    read: (id: string, seq: number) =>
      callEndpoint(adminChatEndpoints.read, { params: { code, id }, input: { seq } }).then(refresh),
  };
};

/** A chat picture's bytes as an object URL (decision 0124), read once per page life and let go when unshown. */
export const useChatPicture = (code: string, id: string, attachmentId: string) => {
  const picture = useQuery({
    queryKey: [adminChatEndpoints.attachment.name, code, id, attachmentId],
    queryFn: ({ signal }) =>
      callFileEndpoint(adminChatEndpoints.attachment, { params: { code, id, attachmentId }, input: {}, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!picture.data) return;
    const made = URL.createObjectURL(picture.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [picture.data]);
  return { url, isError: picture.isError };
};
