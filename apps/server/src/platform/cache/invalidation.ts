import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { endQuietly } from '../db/database';
import { createKeyedCache, type KeyedCacheOptions } from './keyed-cache';

/** Where every instance announces that a cache's entries changed (decision 0119). */
export const CACHE_CHANNEL = 'tessera_cache';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; a longer scope is widened to the whole cache. */
const MAX_PAYLOAD_BYTES = 7500;
const RECONNECT_DELAYS_MS = [250, 1000, 2000, 5000];
/** The name `settled` markers travel under: no cache has it, so other instances ignore them. */
const SETTLED_MARKER = ' settled';
/** How long `settled` waits for its marker before it empties every cache instead. */
const SETTLED_WAIT_MS = 2_000;

/** Drops what a cache holds for `scope` (a key and its `scope|...` keys; null: everything). */
export type Invalidate = (scope: string | null) => Promise<void>;

/** A keyed cache whose invalidation reaches every instance's copy (platform/cache). */
export interface SharedCache<T> {
  /** The value of `key`, read by `read` when this instance has no fresh copy. */
  get: (key: string, read: () => Promise<T>) => Promise<T>;
  /** After a committed change: this instance's copy drops at once, every other instance's within the NOTIFY's delivery. */
  invalidate: Invalidate;
}

/**
 * The per-process caches of values an operator changes. Every cache is named; an invalidation drops the named
 * cache's entries here and is broadcast so every other instance on the database drops them too.
 */
export interface Caches {
  /** A keyed cache (names are unique per process). */
  keyed: <T>(name: string, options: Omit<KeyedCacheOptions, 'now'>) => SharedCache<T>;
  /**
   * For a module's own in-memory state that is not a keyed cache (the lobby catalogue): `drop` runs when any
   * instance invalidates `name`, and with null whenever this instance may have missed an invalidation.
   */
  channel: (name: string, drop: (scope: string | null) => void) => Invalidate;
  /**
   * Resolves once every invalidation notified before it (by any instance, or by a database trigger) has reached this
   * instance's caches: for a tool or test that wrote the database directly and reads through the app next.
   */
  settled: () => Promise<void>;
}

interface Wire {
  /** The instance that invalidated: it dropped its own copy already and skips its notification. */
  o: string;
  /** The cache's name. */
  n: string;
  /** The scope, or null for everything. */
  s: string | null;
}

/**
 * An invalidation sent from outside any instance (a tool or bench that changed the database directly): every
 * instance drops cache `name`'s `scope`.
 */
export const invalidateEverywhere = async (
  client: Pick<pg.ClientBase, 'query'>,
  name: string,
  scope: string | null,
): Promise<void> => {
  await client.query('SELECT pg_notify($1, $2)', [
    CACHE_CHANNEL,
    JSON.stringify({ o: 'outside', n: name, s: scope } satisfies Wire),
  ]);
};

const registry = (now?: () => number) => {
  const drops = new Map<string, (scope: string | null) => void>();
  const register = (name: string, drop: (scope: string | null) => void) => {
    if (drops.has(name)) throw new Error(`cache ${name} is declared twice`);
    drops.set(name, drop);
  };
  const keyedWith =
    (broadcast: (name: string, scope: string | null) => Promise<void>) =>
    <T>(name: string, options: Omit<KeyedCacheOptions, 'now'>): SharedCache<T> => {
      const cache = createKeyedCache<T>({ ...options, ...(now ? { now } : {}) });
      register(name, cache.drop);
      return {
        get: cache.get,
        invalidate: async (scope) => {
          cache.drop(scope);
          await broadcast(name, scope);
        },
      };
    };
  const channelWith =
    (broadcast: (name: string, scope: string | null) => Promise<void>) =>
    (name: string, drop: (scope: string | null) => void): Invalidate => {
      register(name, drop);
      return async (scope) => {
        drop(scope);
        await broadcast(name, scope);
      };
    };
  return { drops, keyedWith, channelWith };
};

/** Caches for one process alone (unit tests, tools): an invalidation drops this process's copy only. */
export const createLocalCaches = (now?: () => number): Caches => {
  const { keyedWith, channelWith } = registry(now);
  const broadcast = async () => {};
  return { keyed: keyedWith(broadcast), channel: channelWith(broadcast), settled: async () => {} };
};

/**
 * Caches whose invalidations reach every instance through PostgreSQL LISTEN/NOTIFY (decision 0119), the same
 * mechanism as the realtime fan-out (decision 0015): no extra service, and one dedicated listening connection per
 * instance. An invalidation sends its NOTIFY before it returns, so by the time an operator's change is answered
 * every listening instance has been told; PostgreSQL delivers it within milliseconds. When the listening
 * connection drops, every cache is emptied (an invalidation may be missed while it is down) and again once it
 * listens anew; the caches' own lifetimes bound what a longer outage could leave stale.
 */
export const createPgCaches = (options: {
  pool: pg.Pool;
  onError?: (error: unknown) => void;
  channel?: string;
  now?: () => number;
}): Caches & { start: () => Promise<void>; stop: () => Promise<void> } => {
  const channelName = options.channel ?? CACHE_CHANNEL;
  const origin = randomUUID();
  const onError = options.onError ?? (() => {});
  const { drops, keyedWith, channelWith } = registry(options.now);
  let listener: pg.Client | null = null;
  let isStopped = true;
  let attempt = 0;
  let reconnectTimer: NodeJS.Timeout | null = null;
  /** `settled` calls waiting for their marker to come back, by marker. */
  const settling = new Map<string, () => void>();

  const dropEverything = () => {
    for (const drop of drops.values()) drop(null);
  };

  const broadcast = async (name: string, scope: string | null) => {
    let payload = JSON.stringify({ o: origin, n: name, s: scope } satisfies Wire);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) payload = JSON.stringify({ o: origin, n: name, s: null });
    // The change is committed: a failed broadcast is reported, not thrown at the operator whose change stands.
    await options.pool.query('SELECT pg_notify($1, $2)', [channelName, payload]).catch(onError);
  };

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ ...options.pool.options, application_name: 'tessera-cache' });
    const lost = (error?: unknown) => {
      if (error) onError(error);
      if (listener !== client) return;
      listener = null;
      void endQuietly(client);
      dropEverything();
      if (isStopped) return;
      const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 5000;
      attempt += 1;
      reconnectTimer = setTimeout(() => {
        reconnectTimer = null;
        void connect();
      }, delay);
    };
    listener = client;
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel !== channelName || !message.payload) return;
      try {
        const wire = JSON.parse(message.payload) as Wire;
        if (wire.n === SETTLED_MARKER) {
          if (wire.o === origin && wire.s) settling.get(wire.s)?.();
          return;
        }
        if (wire.o === origin) return;
        drops.get(wire.n)?.(typeof wire.s === 'string' ? wire.s : null);
      } catch (error) {
        onError(error);
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channelName)}`);
      attempt = 0;
      // Changes made while this instance was not listening.
      dropEverything();
    } catch (error) {
      lost(error);
    }
  };

  return {
    keyed: keyedWith(broadcast),
    channel: channelWith(broadcast),
    // Notifications reach a listener in the order their transactions committed, so once this marker (sent after
    // every change the caller awaited) is back, every invalidation before it has been applied.
    settled: async () => {
      if (!listener) {
        dropEverything();
        return;
      }
      const marker = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const back = new Promise<boolean>((resolve) => {
        settling.set(marker, () => resolve(true));
        timer = setTimeout(() => resolve(false), SETTLED_WAIT_MS);
      });
      try {
        await options.pool.query('SELECT pg_notify($1, $2)', [
          channelName,
          JSON.stringify({ o: origin, n: SETTLED_MARKER, s: marker } satisfies Wire),
        ]);
        if (!(await back)) dropEverything();
      } finally {
        clearTimeout(timer);
        settling.delete(marker);
      }
    },
    start: async () => {
      isStopped = false;
      await connect();
    },
    stop: async () => {
      isStopped = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      const client = listener;
      listener = null;
      if (client) await endQuietly(client);
    },
  };
};
