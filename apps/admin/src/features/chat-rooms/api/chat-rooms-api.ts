import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminChatRoomEndpoints,
  adminEndpoints,
  type ChatRoomHostRequest,
  type ChatRoomMuteRequest,
  type ChatRoomRequest,
} from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/api-client';

const hostsKey = (code: string) => [adminChatRoomEndpoints.hosts.name, code];
const roomsKey = (code: string) => [adminChatRoomEndpoints.rooms.name, code];
const mutesKey = (code: string) => [adminChatRoomEndpoints.mutes.name, code];
export const entriesKey = (code: string, roomId: string) => [adminChatRoomEndpoints.entries.name, code, roomId];

export const useChatRoomHosts = (code: string) =>
  useQuery({
    queryKey: hostsKey(code),
    queryFn: ({ signal }) => callEndpoint(adminChatRoomEndpoints.hosts, { params: { code }, input: {}, signal }),
  });

export const useChatRooms = (code: string) =>
  useQuery({
    queryKey: roomsKey(code),
    queryFn: ({ signal }) => callEndpoint(adminChatRoomEndpoints.rooms, { params: { code }, input: {}, signal }),
  });

export const useChatRoomMutes = (code: string) =>
  useQuery({
    queryKey: mutesKey(code),
    queryFn: ({ signal }) => callEndpoint(adminChatRoomEndpoints.mutes, { params: { code }, input: {}, signal }),
  });

/** Reads the room's latest entries (the live view then reads on from the last number it holds). */
export const readChatRoomEntries = (code: string, roomId: string, afterSeq?: number) =>
  callEndpoint(adminChatRoomEndpoints.entries, {
    params: { code, id: roomId },
    input: afterSeq === undefined ? {} : { afterSeq },
  });

/** After any change: the lists and the audit log are read again. */
const useRefresh = (code: string) => {
  const queryClient = useQueryClient();
  return () => {
    for (const key of [hostsKey(code), roomsKey(code), mutesKey(code), [adminEndpoints.listAudit.name]]) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  };
};

export const useSaveHost = (code: string) => {
  const refresh = useRefresh(code);
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ChatRoomHostRequest }) =>
      id
        ? callEndpoint(adminChatRoomEndpoints.updateHost, { params: { code, id }, input })
        : callEndpoint(adminChatRoomEndpoints.createHost, { params: { code }, input }),
    onSuccess: refresh,
  });
};

export const useSaveRoom = (code: string) => {
  const refresh = useRefresh(code);
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ChatRoomRequest }) =>
      id
        ? callEndpoint(adminChatRoomEndpoints.updateRoom, { params: { code, id }, input })
        : callEndpoint(adminChatRoomEndpoints.createRoom, { params: { code }, input }),
    onSuccess: refresh,
  });
};

export const useRemoveMessage = (code: string) => {
  const refresh = useRefresh(code);
  return useMutation({
    mutationFn: ({ roomId, seq }: { roomId: string; seq: number }) =>
      callEndpoint(adminChatRoomEndpoints.remove, { params: { code, id: roomId }, input: { seq } }),
    onSuccess: refresh,
  });
};

export const useMuteMember = (code: string) => {
  const refresh = useRefresh(code);
  return useMutation({
    mutationFn: (input: ChatRoomMuteRequest) => callEndpoint(adminChatRoomEndpoints.mute, { params: { code }, input }),
    onSuccess: refresh,
  });
};

export const useUnmuteMember = (code: string) => {
  const refresh = useRefresh(code);
  return useMutation({
    mutationFn: (memberId: string) =>
      callEndpoint(adminChatRoomEndpoints.unmute, { params: { code, id: memberId }, input: {} }),
    onSuccess: refresh,
  });
};
