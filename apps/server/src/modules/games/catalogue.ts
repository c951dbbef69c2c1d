import { type GameCategory, inHouseAccountTypes } from '@tessera/contracts';
import type { Caches } from '../../platform/cache';
import type { GameRow } from './games.repository';

/** A snapshot older than this is reloaded in the background (the fallback when a notification was missed). */
const RELOAD_MS = 60_000;
/** Filter results kept per snapshot; past this the memo starts over. */
const MEMO_LIMIT = 1_000;

export interface CatalogueEntry {
  row: GameRow;
  /** Lower-cased texts a search matches: the catalogue's, and the merchant's own names when it set any. */
  searchTexts: string[];
}

export interface CatalogueFilter {
  gameType?: GameCategory | undefined;
  vendorCode?: string | undefined;
  classify?: string | undefined;
  /** Already lower-cased. */
  search?: string | undefined;
}

interface Snapshot {
  at: number;
  entries: CatalogueEntry[];
  matches: Map<string, GameRow[]>;
  /** What callers built from a page of this snapshot (`remember`): the same request gets the same object. */
  built: Map<string, unknown>;
}

const inHouse = new Set<string>(inHouseAccountTypes);

/** The lobby's filter, as the SQL of games.repository.ts `whereOf` applies it to enabled games. */
const matcher = (filter: CatalogueFilter) => (entry: CatalogueEntry) => {
  const { row } = entry;
  if (filter.gameType === 'INHOUSE') {
    if (!(row.gameType === 'INHOUSE' || (row.gameType === 'RNG' && inHouse.has(row.accountTypeName)))) return false;
  } else if (filter.gameType === 'RNG') {
    if (row.gameType !== 'RNG' || inHouse.has(row.accountTypeName)) return false;
  } else if (filter.gameType && row.gameType !== filter.gameType) return false;
  if (filter.vendorCode && row.vendorCode !== filter.vendorCode) return false;
  if (filter.classify && row.classify !== filter.classify) return false;
  const search = filter.search;
  if (search && !entry.searchTexts.some((text) => text.includes(search))) return false;
  return true;
};

/**
 * Each merchant's lobby catalogue held in memory in lobby order: a page is a slice of the filter's matches, which
 * are computed once per snapshot and filter. Any process that changes the catalogue calls `changed`, which drops
 * its own copy and every other instance's (the cache channel `games.catalogue`, platform/cache, decisions 0049 and
 * 0119). Snapshots older than a minute reload in the background, and all are dropped whenever the instance may
 * have missed an invalidation, so a missed notification costs at most a minute of staleness.
 */
export const createCatalogue = (deps: {
  caches: Caches;
  load: (merchantCode: string) => Promise<CatalogueEntry[]>;
  onError: (error: unknown) => void;
}) => {
  const snapshots = new Map<string, Snapshot>();

  /** The loads under way; a drop removes a merchant's, so a load that began before a change is never kept. */
  const loading = new Map<string, Promise<Snapshot>>();

  const load = (merchantCode: string): Promise<Snapshot> => {
    const promise: Promise<Snapshot> = deps.load(merchantCode).then((entries) => {
      const snapshot = { at: Date.now(), entries, matches: new Map<string, GameRow[]>(), built: new Map() };
      if (loading.get(merchantCode) === promise) {
        loading.delete(merchantCode);
        snapshots.set(merchantCode, snapshot);
      }
      return snapshot;
    });
    loading.set(merchantCode, promise);
    promise.catch(() => {
      if (loading.get(merchantCode) === promise) loading.delete(merchantCode);
    });
    return promise;
  };

  const snapshotOf = (merchantCode: string): Promise<Snapshot> => {
    const current = snapshots.get(merchantCode);
    if (current) {
      // Serve the old copy while a new one loads.
      if (Date.now() - current.at > RELOAD_MS && !loading.has(merchantCode)) load(merchantCode).catch(deps.onError);
      return Promise.resolve(current);
    }
    return loading.get(merchantCode) ?? load(merchantCode);
  };

  const drop = (merchantCode: string | null) => {
    if (merchantCode === null) {
      snapshots.clear();
      loading.clear();
    } else {
      snapshots.delete(merchantCode);
      loading.delete(merchantCode);
    }
  };

  const invalidate = deps.caches.channel('games.catalogue', drop);

  return {
    /**
     * One page of the merchant's enabled games matching `filter`, in lobby order, with the count of all matches.
     * `remember(key, build)` keeps what `build` makes of this page until the snapshot is replaced, so the same
     * page asked again is the same object (decision 0072: the registrar then neither checks nor serialises it
     * again); `key` names what else the built value depends on (the language).
     */
    list: async (
      merchantCode: string,
      filter: CatalogueFilter,
      page: { offset: number; limit: number },
    ): Promise<{ rows: GameRow[]; total: number; remember: <T>(key: string, build: () => T) => T }> => {
      const snapshot = await snapshotOf(merchantCode);
      const key = `${filter.gameType ?? ''}|${filter.vendorCode ?? ''}|${filter.classify ?? ''}|${filter.search ?? ''}`;
      let matches = snapshot.matches.get(key);
      if (!matches) {
        matches = snapshot.entries.filter(matcher(filter)).map((entry) => entry.row);
        if (snapshot.matches.size >= MEMO_LIMIT) snapshot.matches.clear();
        snapshot.matches.set(key, matches);
      }
      const pageKey = `${key}|${page.offset}|${page.limit}|`;
      const remember = <T>(extra: string, build: () => T): T => {
        const at = pageKey + extra;
        if (snapshot.built.has(at)) return snapshot.built.get(at) as T;
        const value = build();
        if (snapshot.built.size >= MEMO_LIMIT) snapshot.built.clear();
        snapshot.built.set(at, value);
        return value;
      };
      return { rows: matches.slice(page.offset, page.offset + page.limit), total: matches.length, remember };
    },

    /** After a committed change to the catalogue or to `merchantCode`'s settings (null: every merchant's). */
    changed: (merchantCode: string | null): Promise<void> => invalidate(merchantCode),
  };
};

export type Catalogue = ReturnType<typeof createCatalogue>;
