import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { endQuietly } from '../db/database';
import { createTickBatcher, type RealtimeEnvelope, type RealtimeFanout } from './realtime-hub';

export const REALTIME_CHANNEL = 'tessera_realtime';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; batches stay under this. */
const MAX_PAYLOAD_BYTES = 7500;
const RECONNECT_DELAYS_MS = [250, 1000, 2000, 5000, 10_000];

interface Wire {
  /** The process that published: it delivered locally already and skips its own notification. */
  o: string;
  e: RealtimeEnvelope[];
}

const toPayloads = (origin: string, envelopes: RealtimeEnvelope[], onTooLarge: () => void): string[] => {
  const payloads: string[] = [];
  let batch: string[] = [];
  let size = 0;
  const prefix = `{"o":${JSON.stringify(origin)},"e":[`;
  const flush = () => {
    if (batch.length > 0) payloads.push(`${prefix}${batch.join(',')}]}`);
    batch = [];
    size = 0;
  };
  for (const envelope of envelopes) {
    const json = JSON.stringify(envelope);
    const bytes = Buffer.byteLength(json);
    if (bytes + prefix.length + 3 > MAX_PAYLOAD_BYTES) {
      onTooLarge();
      continue;
    }
    if (size + bytes + 1 + prefix.length + 3 > MAX_PAYLOAD_BYTES) flush();
    batch.push(json);
    size += bytes + 1;
  }
  flush();
  return payloads;
};

/**
 * Fans realtime events out to every server process through PostgreSQL LISTEN/NOTIFY (decision 0018): no
 * extra service to run, and a notification is delivered only once its transaction commits. Publishes made in
 * the same tick go out as one NOTIFY. A dedicated connection listens and reconnects on its own; while it is
 * down, other processes' events are missed (the browser refetches on reconnect), never this process's own.
 */
export const createPgFanout = (options: {
  pool: pg.Pool;
  onError?: (error: unknown) => void;
  channel?: string;
}): RealtimeFanout => {
  const channel = options.channel ?? REALTIME_CHANNEL;
  const origin = randomUUID();
  const onError = options.onError ?? (() => {});
  let listener: pg.Client | null = null;
  let isStopped = false;
  let attempt = 0;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let pending: Promise<unknown> = Promise.resolve();

  const outgoing = createTickBatcher((envelopes) => {
    const payloads = toPayloads(origin, envelopes, () => onError(new Error('realtime: event too large to fan out')));
    pending = Promise.all(
      payloads.map((payload) =>
        options.pool.query('SELECT pg_notify($1, $2)', [channel, payload]).catch((error: unknown) => onError(error)),
      ),
    );
  });

  const connect = async (deliver: (envelope: RealtimeEnvelope) => void): Promise<void> => {
    const client = new pg.Client({ ...options.pool.options, application_name: 'tessera-realtime' });
    const scheduleReconnect = () => {
      if (isStopped || listener !== client) return;
      listener = null;
      void endQuietly(client);
      const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 10_000;
      attempt += 1;
      reconnectTimer = setTimeout(() => {
        reconnectTimer = null;
        connect(deliver).catch(onError);
      }, delay);
    };
    listener = client;
    client.on('error', (error) => {
      onError(error);
      scheduleReconnect();
    });
    client.on('end', scheduleReconnect);
    client.on('notification', (message) => {
      if (message.channel !== channel || !message.payload) return;
      try {
        const wire = JSON.parse(message.payload) as Wire;
        if (wire.o === origin) return;
        for (const envelope of wire.e) deliver(envelope);
      } catch (error) {
        onError(error);
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      attempt = 0;
    } catch (error) {
      onError(error);
      scheduleReconnect();
    }
  };

  return {
    publish: (envelope) => {
      if (!isStopped) outgoing.push(envelope);
    },
    start: async (deliver) => {
      isStopped = false;
      await connect(deliver);
    },
    stop: async () => {
      outgoing.flush();
      await pending;
      isStopped = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const client = listener;
      listener = null;
      if (client) await endQuietly(client);
    },
  };
};
