import type { RealtimeEventData, RealtimeEventType } from '@tessera/contracts';
import { REALTIME_PATH } from '@tessera/contracts';
import { useEffect, useRef } from 'react';
import { readSession } from '../storage/browser-storage';
import { sessionKeys } from '../storage/storage-keys';
import { createRealtimeClient } from './realtime-client';

const realtimeUrl = (): string => {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const merchant = readSession(sessionKeys.merchant);
  const query = merchant ? `?merchant=${encodeURIComponent(merchant)}` : '';
  return `${scheme}//${window.location.host}${REALTIME_PATH}${query}`;
};

/** The page's one realtime connection. */
export const realtime = createRealtimeClient({ url: realtimeUrl });

/** Runs `handler` for each realtime event of `type` while the component is mounted. */
export const useRealtimeEvent = <T extends RealtimeEventType>(
  type: T,
  handler: (data: RealtimeEventData<T>, topic: string) => void,
): void => {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => realtime.onEvent(type, (data, topic) => latest.current(data, topic)), [type]);
};

/** Follows a public topic while mounted (null: none); `handler` gets every event of it. */
export const useRealtimeTopic = (topic: string | null, handler: (type: string, data: unknown) => void): void => {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => (topic ? realtime.follow(topic, (type, data) => latest.current(type, data)) : undefined), [topic]);
};

/** Runs `handler` after each reconnect while mounted. */
export const useRealtimeReconnect = (handler: () => void): void => {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => realtime.onReconnect(() => latest.current()), []);
};
