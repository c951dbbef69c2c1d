/** Entries a cache keeps by default; past this the oldest stored is forgotten (a flood of unknown hosts stays bounded). */
export const DEFAULT_MAX_ENTRIES = 10_000;

export interface KeyedCacheOptions {
  /** How long a value stays fresh. Once expired, the old value still answers while one read refreshes it. */
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}

/** Whether `key` belongs to `scope`: the key itself, or a key that starts with `scope|`. */
export const inScope = (key: string, scope: string): boolean =>
  key === scope || (key.length > scope.length && key.startsWith(scope) && key[scope.length] === '|');

/**
 * Values read by key, kept in this process for `ttlMs`. Requests that find a key missing (or expired) together
 * send one read, not one each; an expired value answers while that read runs (decision 0072). `drop(scope)`
 * forgets a key and every `scope|...` key at once (null: all), and a read begun before the drop is not kept, so
 * a value read before a change never outlives the drop. A failed read is not kept.
 */
export const createKeyedCache = <T>(options: KeyedCacheOptions) => {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const values = new Map<string, { value: T; expires: number }>();
  const loading = new Map<string, Promise<T>>();

  const store = (key: string, value: T) => {
    if (!values.has(key) && values.size >= maxEntries) {
      const oldest = values.keys().next().value;
      if (oldest !== undefined) values.delete(oldest);
    }
    values.set(key, { value, expires: now() + options.ttlMs });
  };

  const load = (key: string, read: () => Promise<T>): Promise<T> => {
    const running = loading.get(key);
    if (running) return running;
    const promise = read().then(
      (value) => {
        if (loading.get(key) === promise) {
          loading.delete(key);
          store(key, value);
        }
        return value;
      },
      (error: unknown) => {
        if (loading.get(key) === promise) loading.delete(key);
        throw error;
      },
    );
    loading.set(key, promise);
    return promise;
  };

  return {
    /** The value of `key`, read by `read` when it is missing; an expired one answers while `read` refreshes it. */
    get: (key: string, read: () => Promise<T>): Promise<T> => {
      const cached = values.get(key);
      if (!cached) return load(key, read);
      if (cached.expires <= now()) load(key, read).catch(() => {});
      return Promise.resolve(cached.value);
    },
    /** Forgets `scope` and its `scope|...` keys (null: everything), and any read of them under way. */
    drop: (scope: string | null) => {
      if (scope === null) {
        values.clear();
        loading.clear();
        return;
      }
      for (const key of values.keys()) if (inScope(key, scope)) values.delete(key);
      for (const key of loading.keys()) if (inScope(key, scope)) loading.delete(key);
    },
    /** How many values are kept (tests). */
    size: () => values.size,
  };
};

export type KeyedCache<T> = ReturnType<typeof createKeyedCache<T>>;
