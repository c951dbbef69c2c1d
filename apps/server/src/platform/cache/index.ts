export {
  CACHE_CHANNEL,
  type Caches,
  createLocalCaches,
  createPgCaches,
  type Invalidate,
  invalidateEverywhere,
  type SharedCache,
} from './invalidation';
export { createKeyedCache, DEFAULT_MAX_ENTRIES, inScope, type KeyedCache } from './keyed-cache';
