import {
  MEMBER_TOPIC,
  type RealtimeClientMessage,
  type RealtimeEventData,
  type RealtimeEventType,
  type RealtimeServerMessage,
  realtimeEventSchemas,
  realtimeServerMessageSchema,
} from '@tessera/contracts';

type EventHandler = (data: unknown, topic: string) => void;
type TopicHandler = (type: string, data: unknown) => void;

/** Reconnect delays: quick at first, then at most every 30 s, with jitter so a restart is not a stampede. */
const RECONNECT_DELAYS_MS = [500, 1000, 2000, 5000, 10_000, 30_000];
/** WebSocket.OPEN, spelled out so the module loads where there is no WebSocket global (unit tests). */
const OPEN = 1;
/** Keeps idle proxies from closing the socket. */
const KEEPALIVE_MS = 25_000;

export interface RealtimeClientOptions {
  url: () => string;
  createSocket?: (url: string) => WebSocket;
}

/**
 * The browser's one realtime socket (decision 0015). It is open while a member is signed in or a page follows
 * a public topic, sends the session token in its first frame, re-subscribes after a reconnect, and tells
 * listeners when it reconnected so they can refetch what they may have missed.
 */
export const createRealtimeClient = (options: RealtimeClientOptions) => {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  const eventHandlers = new Map<string, Set<EventHandler>>();
  const topicHandlers = new Map<string, Set<TopicHandler>>();
  const reconnectHandlers = new Set<() => void>();
  let token: string | null = null;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let keepalive: ReturnType<typeof setInterval> | null = null;
  let hasConnectedBefore = false;

  const isWanted = () => token !== null || topicHandlers.size > 0;

  const sendFrame = (message: RealtimeClientMessage) => {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  };

  const dispatch = (message: RealtimeServerMessage) => {
    if (message.op !== 'event') return;
    if (message.topic !== MEMBER_TOPIC) {
      for (const handler of topicHandlers.get(message.topic) ?? []) handler(message.type, message.data);
    }
    const schema = realtimeEventSchemas[message.type as RealtimeEventType];
    if (!schema) return;
    const parsed = schema.safeParse(message.data);
    if (!parsed.success) return;
    for (const handler of eventHandlers.get(message.type) ?? []) handler(parsed.data, message.topic);
  };

  const stopTimers = () => {
    if (reconnectTimer) clearTimeout(reconnectTimer);
    if (keepalive) clearInterval(keepalive);
    reconnectTimer = null;
    keepalive = null;
  };

  const connect = () => {
    stopTimers();
    const current = createSocket(options.url());
    socket = current;
    current.onopen = () => {
      attempt = 0;
      if (token !== null) sendFrame({ op: 'auth', token });
      for (const topic of topicHandlers.keys()) sendFrame({ op: 'subscribe', topic });
      keepalive = setInterval(() => sendFrame({ op: 'ping' }), KEEPALIVE_MS);
      if (hasConnectedBefore) for (const handler of reconnectHandlers) handler();
      hasConnectedBefore = true;
    };
    current.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      try {
        const parsed = realtimeServerMessageSchema.safeParse(JSON.parse(event.data));
        if (parsed.success) dispatch(parsed.data);
      } catch {
        // Not JSON: ignored, like any frame this client does not understand.
      }
    };
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      stopTimers();
      if (!isWanted()) return;
      const base = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 30_000;
      attempt += 1;
      reconnectTimer = setTimeout(connect, base / 2 + Math.random() * (base / 2));
    };
  };

  const disconnect = () => {
    stopTimers();
    const current = socket;
    socket = null;
    current?.close(1000);
  };

  /** Opens or closes the socket to match what is wanted. */
  const reconcile = () => {
    if (isWanted() && socket === null && reconnectTimer === null) connect();
    if (!isWanted() && (socket !== null || reconnectTimer !== null)) disconnect();
  };

  return {
    /** The member's session token (null when signed out): sent now and after every reconnect. */
    setToken: (next: string | null) => {
      if (next === token) return;
      token = next;
      sendFrame({ op: 'auth', token: next });
      reconcile();
    },

    /** Calls `handler` with each event of `type` (the member's own, and those of followed topics). */
    onEvent: <T extends RealtimeEventType>(
      type: T,
      handler: (data: RealtimeEventData<T>, topic: string) => void,
    ): (() => void) => {
      const set = eventHandlers.get(type) ?? new Set();
      set.add(handler as EventHandler);
      eventHandlers.set(type, set);
      return () => set.delete(handler as EventHandler);
    },

    /** Follows a public topic while `handler` is registered. */
    follow: (topic: string, handler: TopicHandler): (() => void) => {
      const set = topicHandlers.get(topic) ?? new Set();
      const isNew = set.size === 0;
      set.add(handler);
      topicHandlers.set(topic, set);
      if (isNew) sendFrame({ op: 'subscribe', topic });
      reconcile();
      return () => {
        set.delete(handler);
        if (set.size > 0) return;
        topicHandlers.delete(topic);
        sendFrame({ op: 'unsubscribe', topic });
        reconcile();
      };
    },

    /** Calls `handler` after the socket came back: events may have been missed meanwhile. */
    onReconnect: (handler: () => void): (() => void) => {
      reconnectHandlers.add(handler);
      return () => reconnectHandlers.delete(handler);
    },
  };
};

export type RealtimeClient = ReturnType<typeof createRealtimeClient>;
