import {
  DESK_TOPIC,
  MEMBER_TOPIC,
  type OperatorPermission,
  type OperatorRole,
  type RealtimeEventData,
  type RealtimeEventType,
  type RealtimeServerMessage,
  realtimeLimits,
  roleMay,
} from '@tessera/contracts';

export interface RealtimeEvent {
  type: string;
  data: unknown;
}

/** One event on its way to subscribers: to a member's own stream, or to a public topic. */
export type RealtimeEnvelope =
  | { to: 'member'; merchantCode: string; memberId: string; event: RealtimeEvent }
  /** `merchantCode` null: every merchant's subscribers of the topic (a game round shared by all sites). */
  | { to: 'topic'; merchantCode: string | null; topic: string; event: RealtimeEvent }
  /** The desk's event: every operator connection of the merchant's scope whose role holds `permission`. */
  | { to: 'desk'; merchantCode: string; permission: OperatorPermission; event: RealtimeEvent };

/** The operator a connection is bound to (the back office), as the desk's delivery needs it. */
export interface RealtimeOperator {
  operatorId: string;
  role: OperatorRole;
  /** null: every merchant. */
  merchantCode: string | null;
}

/** A topic kind a module offers (`crash`, `crash:<room>`); only declared kinds can be subscribed to. */
export interface TopicDefinition {
  /** `public`: visitors too; `member`: signed-in members only. */
  access: 'public' | 'member';
  /** The state a new subscriber needs at once (the running round, the last draw); null when there is none. */
  snapshot?: (subscriber: {
    merchantCode: string;
    memberId: string | null;
    topic: string;
  }) => Promise<RealtimeEvent | null>;
}

/** One open socket, as the hub sees it. */
export interface RealtimeConnection {
  readonly merchantCode: string;
  memberId: string | null;
  /** Set by `setOperator` on a back-office connection; null otherwise. */
  operator?: RealtimeOperator | null;
  readonly topics: Set<string>;
  send: (message: RealtimeServerMessage) => void;
}

/** Carries envelopes to the other server processes (pg-fanout.ts); without one the hub is in-process only. */
export interface RealtimeFanout {
  publish: (envelope: RealtimeEnvelope) => void;
  start: (deliver: (envelope: RealtimeEnvelope) => void) => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * A fan-out's outgoing queue: envelopes published in the same tick are handed to `send` together, on the next
 * turn of the event loop (one NOTIFY or one Redis message for a burst). `flush` sends what waits at once (at stop).
 */
export const createTickBatcher = (send: (envelopes: RealtimeEnvelope[]) => void) => {
  let queue: RealtimeEnvelope[] = [];
  let isScheduled = false;
  const flush = () => {
    isScheduled = false;
    const envelopes = queue;
    queue = [];
    if (envelopes.length > 0) send(envelopes);
  };
  return {
    push: (envelope: RealtimeEnvelope) => {
      queue.push(envelope);
      if (!isScheduled) {
        isScheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
};

const kindOf = (topic: string): string => topic.split(':', 1)[0] ?? topic;
const memberKey = (merchantCode: string, memberId: string) => `${merchantCode}\u0000${memberId}`;

/**
 * Holds the open sockets of this process, indexed by member and by topic, and delivers events to them. A
 * publish reaches this process's sockets at once and the other processes through the fan-out. Publish only
 * after the change it reports has committed: an event is a hint to look again, never the record.
 */
export const createRealtimeHub = (options: { fanout?: RealtimeFanout; onError?: (error: unknown) => void } = {}) => {
  const topics = new Map<string, TopicDefinition>();
  const byMember = new Map<string, Set<RealtimeConnection>>();
  const byTopic = new Map<string, Set<RealtimeConnection>>();
  const desk = new Set<RealtimeConnection>();
  const connections = new Set<RealtimeConnection>();

  const addTo = <K>(index: Map<K, Set<RealtimeConnection>>, key: K, connection: RealtimeConnection) => {
    const set = index.get(key) ?? new Set();
    set.add(connection);
    index.set(key, set);
  };
  const removeFrom = <K>(index: Map<K, Set<RealtimeConnection>>, key: K, connection: RealtimeConnection) => {
    const set = index.get(key);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) index.delete(key);
  };

  const safeSend = (connection: RealtimeConnection, message: RealtimeServerMessage) => {
    try {
      connection.send(message);
    } catch (error) {
      options.onError?.(error);
    }
  };

  /** Delivers to this process's sockets only. */
  const deliverLocally = (envelope: RealtimeEnvelope): void => {
    if (envelope.to === 'desk') {
      for (const connection of desk) {
        const operator = connection.operator;
        if (!operator) continue;
        if (operator.merchantCode !== null && operator.merchantCode !== envelope.merchantCode) continue;
        if (!roleMay(operator.role, envelope.permission)) continue;
        safeSend(connection, { op: 'event', topic: DESK_TOPIC, ...envelope.event });
      }
      return;
    }
    if (envelope.to === 'member') {
      const set = byMember.get(memberKey(envelope.merchantCode, envelope.memberId));
      if (!set) return;
      for (const connection of set) {
        safeSend(connection, { op: 'event', topic: MEMBER_TOPIC, ...envelope.event });
      }
      return;
    }
    const set = byTopic.get(envelope.topic);
    if (!set) return;
    for (const connection of set) {
      if (envelope.merchantCode !== null && connection.merchantCode !== envelope.merchantCode) continue;
      safeSend(connection, { op: 'event', topic: envelope.topic, ...envelope.event });
    }
  };

  const publish = (envelope: RealtimeEnvelope): void => {
    deliverLocally(envelope);
    options.fanout?.publish(envelope);
  };

  return {
    /** Declares a topic kind that browsers may subscribe to. */
    defineTopic: (kind: string, definition: TopicDefinition): void => {
      if (kind === MEMBER_TOPIC || !realtimeLimits.topicPattern.test(kind) || kind.includes(':')) {
        throw new Error(`realtime: invalid topic kind ${kind}`);
      }
      if (topics.has(kind)) throw new Error(`realtime: topic kind ${kind} declared twice`);
      topics.set(kind, definition);
    },

    /** Sends an event to every socket of one member, in every process. */
    publishToMember: <T extends RealtimeEventType>(
      merchantCode: string,
      memberId: string,
      type: T,
      data: RealtimeEventData<T>,
    ): void => publish({ to: 'member', merchantCode, memberId, event: { type, data } }),

    /** Sends a desk event to the operators of a merchant whose role holds `permission`, in every process. */
    publishToDesk: <T extends RealtimeEventType>(
      merchantCode: string,
      permission: OperatorPermission,
      type: T,
      data: RealtimeEventData<T>,
    ): void => publish({ to: 'desk', merchantCode, permission, event: { type, data } }),

    /** Sends an event to every subscriber of a public topic of one merchant (or of all merchants: null). */
    broadcast: <T extends RealtimeEventType>(
      merchantCode: string | null,
      topic: string,
      type: T,
      data: RealtimeEventData<T>,
    ): void => publish({ to: 'topic', merchantCode, topic, event: { type, data } }),

    deliverLocally,

    /** The number of sockets open in this process (health, tests). */
    connectionCount: () => connections.size,

    attach: (connection: RealtimeConnection): void => {
      connections.add(connection);
    },

    detach: (connection: RealtimeConnection): void => {
      connections.delete(connection);
      desk.delete(connection);
      if (connection.memberId !== null)
        removeFrom(byMember, memberKey(connection.merchantCode, connection.memberId), connection);
      for (const topic of connection.topics) removeFrom(byTopic, topic, connection);
      connection.topics.clear();
    },

    /** Binds a socket to a member (null: signed out); member-only topics are dropped on sign-out. */
    setMember: (connection: RealtimeConnection, memberId: string | null): void => {
      if (connection.memberId !== null) {
        removeFrom(byMember, memberKey(connection.merchantCode, connection.memberId), connection);
      }
      connection.memberId = memberId;
      if (memberId !== null) {
        addTo(byMember, memberKey(connection.merchantCode, memberId), connection);
        return;
      }
      for (const topic of [...connection.topics]) {
        if (topics.get(kindOf(topic))?.access === 'member') {
          connection.topics.delete(topic);
          removeFrom(byTopic, topic, connection);
        }
      }
    },

    /** Binds a socket to an operator (null: none); it then receives the desk's events its operator may see. */
    setOperator: (connection: RealtimeConnection, operator: RealtimeOperator | null): void => {
      connection.operator = operator;
      if (operator) desk.add(connection);
      else desk.delete(connection);
    },

    /** Subscribes a socket to a public topic; answers a catalogue error code, or null on success. */
    subscribe: async (connection: RealtimeConnection, topic: string): Promise<string | null> => {
      const definition = topics.get(kindOf(topic));
      if (!definition) return 'not_found';
      if (definition.access === 'member' && connection.memberId === null) return 'login.not.session';
      if (!connection.topics.has(topic) && connection.topics.size >= realtimeLimits.maxTopics) {
        return 'too_many_requests';
      }
      connection.topics.add(topic);
      addTo(byTopic, topic, connection);
      safeSend(connection, { op: 'subscribed', topic });
      if (definition.snapshot) {
        const event = await definition.snapshot({
          merchantCode: connection.merchantCode,
          memberId: connection.memberId,
          topic,
        });
        if (event && connection.topics.has(topic)) safeSend(connection, { op: 'event', topic, ...event });
      }
      return null;
    },

    unsubscribe: (connection: RealtimeConnection, topic: string): void => {
      connection.topics.delete(topic);
      removeFrom(byTopic, topic, connection);
    },

    start: async (): Promise<void> => {
      await options.fanout?.start(deliverLocally);
    },

    stop: async (): Promise<void> => {
      await options.fanout?.stop();
    },
  };
};

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
