import { useQuery } from '@tanstack/react-query';
import {
  type ChatRoomEntry,
  type ChatRoomMe,
  type ChatRoomView,
  chatRoomEndpoints,
  chatRoomTopicOf,
  type RealtimeEventData,
} from '@tessera/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import { useRealtimeEvent, useRealtimeReconnect, useRealtimeTopic } from '../../../shared/realtime/realtime';

/** CBS_modelList: the merchant's hosts and their open rooms (visitors see it too). */
export const useChatRoomHosts = (enabled: boolean) =>
  useQuery({
    enabled,
    queryKey: queryKeyOf(chatRoomEndpoints.modelList),
    queryFn: ({ signal }) => callEndpoint(chatRoomEndpoints.modelList, { signal }),
  });

/** CBS_launchChat: the room's chatUrl (a page of this site). */
export const launchChatRoom = (roomId: string) => callEndpoint(chatRoomEndpoints.launchChat, { query: { roomId } });

/**
 * Applies entries by number: a repeated push or a re-read changes nothing, a removal blanks the message it names.
 * Answers the entries in order and the highest number held.
 */
export const applyEntries = (
  current: readonly ChatRoomEntry[],
  incoming: readonly ChatRoomEntry[],
): ChatRoomEntry[] => {
  const bySeq = new Map(current.map((entry) => [entry.seq, entry]));
  // A push carries no author id: a message the member's own send answered stays its own.
  for (const entry of incoming)
    bySeq.set(entry.seq, { ...entry, mine: entry.mine || bySeq.get(entry.seq)?.mine === true });
  for (const entry of incoming) {
    if (entry.kind !== 'removal' || entry.removedSeq === null) continue;
    const target = bySeq.get(entry.removedSeq);
    if (target) bySeq.set(target.seq, { ...target, body: '', removed: true });
  }
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
};

type EntryEvent = RealtimeEventData<'chatRooms.entry'>;

/**
 * A room's page (decision 0164): its latest entries, then every entry pushed on the room's topic; a pushed number
 * beyond the next expected one, or a reconnect, reads on from the last number held, so nothing is lost or shown
 * twice. The member's standing (muted, slow mode) comes with each read and live with a mute's push.
 */
export const useChatRoom = (roomId: string) => {
  const [room, setRoom] = useState<ChatRoomView['room'] | null>(null);
  const [entries, setEntries] = useState<ChatRoomEntry[]>([]);
  const [me, setMe] = useState<ChatRoomMe | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** When the slow mode lets the member write again (ms since epoch); 0: now. */
  const [slowUntil, setSlowUntil] = useState(0);
  const lastSeq = useRef<number | null>(null);
  const reading = useRef<Promise<void> | null>(null);

  const take = useCallback((incoming: readonly ChatRoomEntry[]) => {
    setEntries((current) => {
      const next = applyEntries(current, incoming);
      lastSeq.current = Math.max(lastSeq.current ?? 0, next.at(-1)?.seq ?? 0);
      return next;
    });
  }, []);

  const readOn = useCallback(async () => {
    if (reading.current) return reading.current;
    const work = (async () => {
      try {
        const afterSeq = lastSeq.current ?? undefined;
        const view = await callEndpoint(chatRoomEndpoints.room, {
          query: afterSeq === undefined ? { roomId } : { roomId, afterSeq },
        });
        setRoom(view.room);
        setMe(view.me);
        setSlowUntil(view.me.slowModeLeftSeconds > 0 ? Date.now() + view.me.slowModeLeftSeconds * 1000 : 0);
        if (lastSeq.current === null) lastSeq.current = view.lastSeq;
        take(view.entries);
        setError(null);
      } catch (failure) {
        setError(isApiError(failure) ? failure.code : 'unknown_error');
      } finally {
        reading.current = null;
      }
    })();
    reading.current = work;
    return work;
  }, [roomId, take]);

  useEffect(() => {
    lastSeq.current = null;
    setEntries([]);
    void readOn();
  }, [readOn]);
  useRealtimeReconnect(() => void readOn());
  useRealtimeTopic(chatRoomTopicOf(roomId), (type, data) => {
    if (type === 'chatRooms.room') {
      void readOn();
      return;
    }
    if (type !== 'chatRooms.entry') return;
    const event = data as EntryEvent;
    if (event.roomId !== roomId) return;
    if (lastSeq.current !== null && event.entry.seq === lastSeq.current + 1) {
      take([{ ...event.entry, mine: false }]);
      return;
    }
    // A gap (a push missed while away): read on from the last number held.
    void readOn();
  });
  useRealtimeEvent('chatRooms.mute', (data) => setMe((current) => (current ? { ...current, ...data } : current)));

  const send = async (body: string) => {
    try {
      const entry = await callEndpoint(chatRoomEndpoints.send, { body: { roomId, body } });
      take([entry]);
      if (room && room.slowModeSeconds > 0) setSlowUntil(Date.now() + room.slowModeSeconds * 1000);
      return null;
    } catch (failure) {
      if (!isApiError(failure)) return 'unknown_error';
      const value = (failure.value ?? {}) as {
        retryAfterSeconds?: number;
        mutedUntil?: string | null;
        muteReason?: string | null;
      };
      if (failure.code === 'chat_room_slow_mode' && value.retryAfterSeconds) {
        setSlowUntil(Date.now() + value.retryAfterSeconds * 1000);
      }
      if (failure.code === 'chat_room_muted') {
        setMe((current) =>
          current
            ? { ...current, muted: true, mutedUntil: value.mutedUntil ?? null, muteReason: value.muteReason ?? null }
            : current,
        );
      }
      return failure.code;
    }
  };

  return { room, entries, me, error, slowUntil, send };
};

/** Whole seconds left until `until` (ms), ticking each second; 0 once passed. */
export const useSecondsLeft = (until: number): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) {
      setNow(Date.now());
      return;
    }
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
};
