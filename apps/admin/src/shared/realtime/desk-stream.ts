import { DESK_TOPIC, REALTIME_PATH, type RealtimeEventData, realtimeServerMessageSchema } from '@tessera/contracts';
import { useEffect, useRef } from 'react';
import { readSessionToken } from '../api/session-token';

/** The desk's events (live chat, decision 0068; pending queues, 0079; chat rooms, decision 0164). */
export type DeskEvent =
  | { type: 'reports.pending'; data: RealtimeEventData<'reports.pending'> }
  | { type: 'contact.chat.message'; data: RealtimeEventData<'contact.chat.message'> }
  | { type: 'contact.chat.conversation'; data: RealtimeEventData<'contact.chat.conversation'> }
  | { type: 'contact.chat.typing'; data: RealtimeEventData<'contact.chat.typing'> }
  | { type: 'chatRooms.entry'; data: RealtimeEventData<'chatRooms.entry'> }
  | { type: 'chatRooms.room'; data: RealtimeEventData<'chatRooms.room'> };

/**
 * The desk's live stream (decision 0068): one socket bound to the operator's session, the desk's events of
 * `merchant`; reconnects after a drop and calls `onReady` each time it is (again) bound, so the page reads on.
 */
export const useDeskStream = (
  merchant: string,
  handlers: { onEvent: (event: DeskEvent) => void; onReady: () => void },
): void => {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!merchant) return undefined;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let isClosed = false;
    const connect = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
      socket = new WebSocket(
        `${scheme}//${window.location.host}${REALTIME_PATH}?merchant=${encodeURIComponent(merchant)}`,
      );
      socket.onopen = () => socket?.send(JSON.stringify({ op: 'operator', token: readSessionToken() }));
      socket.onmessage = (frame) => {
        const parsed = realtimeServerMessageSchema.safeParse(JSON.parse(String(frame.data)));
        if (!parsed.success) return;
        const message = parsed.data;
        if (message.op === 'ready' && message.operator) latest.current.onReady();
        if (message.op === 'event' && message.topic === DESK_TOPIC) {
          latest.current.onEvent({ type: message.type, data: message.data } as DeskEvent);
        }
      };
      socket.onclose = () => {
        if (!isClosed) retry = setTimeout(connect, 2000);
      };
    };
    connect();
    return () => {
      isClosed = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [merchant]);
};
