import { randomUUID } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import { REALTIME_CHANNEL } from './pg-fanout';
import { createTickBatcher, type RealtimeEnvelope, type RealtimeFanout } from './realtime-hub';

const RECONNECT_DELAYS_MS = [250, 1000, 2000, 5000, 10_000];

interface Wire {
  /** The process that published: it delivered locally already and skips its own message. */
  o: string;
  e: RealtimeEnvelope[];
}

/**
 * Fans realtime events out to every server process through Redis pub/sub (decision 0160), used when `REDIS_URL`
 * is set: PostgreSQL stays free of the notification traffic (NOTIFY takes a global lock at commit and holds
 * payloads under 8,000 bytes), and Redis delivers a message to every subscriber in well under a millisecond.
 * The same promises as the PostgreSQL fan-out: publishes made in the same tick go out as one message; a process
 * skips its own; while a connection is down, other processes' events are missed (the browser refetches on
 * reconnect), never this process's own, and a publish never waits for Redis (no offline queue: it fails at once
 * and is reported).
 */
export const createRedisFanout = (options: {
  url: string;
  onError?: (error: unknown) => void;
  channel?: string;
  /** The connections' name in Redis's CLIENT LIST. */
  connectionName?: string;
}): RealtimeFanout => {
  const channel = options.channel ?? REALTIME_CHANNEL;
  const origin = randomUUID();
  const onError = options.onError ?? (() => {});
  const connectionOptions: RedisOptions = {
    lazyConnect: true,
    connectionName: options.connectionName ?? 'tessera-realtime',
    retryStrategy: (times) => RECONNECT_DELAYS_MS[Math.min(times - 1, RECONNECT_DELAYS_MS.length - 1)] ?? 10_000,
  };
  let publisher: Redis | null = null;
  let subscriber: Redis | null = null;
  let isStopped = false;
  let pending: Promise<unknown> = Promise.resolve();

  const outgoing = createTickBatcher((envelopes) => {
    if (!publisher) return;
    const wire: Wire = { o: origin, e: envelopes };
    pending = publisher.publish(channel, JSON.stringify(wire)).catch((error: unknown) => onError(error));
  });

  return {
    publish: (envelope) => {
      if (!isStopped) outgoing.push(envelope);
    },
    start: async (deliver) => {
      isStopped = false;
      // The publisher refuses commands while disconnected; the subscriber keeps its SUBSCRIBE queued until it is
      // connected, and subscribes again after every reconnect.
      publisher = new Redis(options.url, { ...connectionOptions, enableOfflineQueue: false });
      subscriber = new Redis(options.url, { ...connectionOptions, maxRetriesPerRequest: null });
      publisher.on('error', onError);
      subscriber.on('error', onError);
      subscriber.on('message', (from: string, message: string) => {
        if (from !== channel) return;
        try {
          const wire = JSON.parse(message) as Wire;
          if (wire.o === origin) return;
          for (const envelope of wire.e) deliver(envelope);
        } catch (error) {
          onError(error);
        }
      });
      const connected = await Promise.allSettled([publisher.connect(), subscriber.connect()]);
      for (const result of connected) if (result.status === 'rejected') onError(result.reason);
      const subscribed = subscriber.subscribe(channel);
      // A server starts while Redis is down (realtime degraded, reported); it subscribes once Redis answers.
      if (subscriber.status === 'ready') await subscribed;
      else subscribed.catch(onError);
    },
    stop: async () => {
      outgoing.flush();
      await pending;
      isStopped = true;
      const clients = [publisher, subscriber].filter((client): client is Redis => client !== null);
      publisher = null;
      subscriber = null;
      await Promise.all(
        clients.map(async (client) => {
          try {
            if (client.status === 'ready') await client.quit();
            else client.disconnect();
          } catch {
            client.disconnect();
          }
        }),
      );
    },
  };
};
