import { createThrottle } from '../../../shared/hooks/throttle';

/** Favourite toggling is throttled to once per 1000 ms (spec section 9). */
export const FAVOURITE_THROTTLE_MS = 1000;

export type FavouriteChange = 'add' | 'remove';

/** Favourites are tracked by nodeId, as strings (api-facts 8.4). */
export const favouriteChangeOf = (ids: readonly string[], nodeId: string): FavouriteChange =>
  ids.includes(nodeId) ? 'remove' : 'add';

/**
 * The optimistic step of spec section 4 "Favourite toggle": add puts the id in the local list first; remove drops
 * it from the id list (and the caller drops the game from the shown list) first. The server call follows.
 */
export const applyFavouriteChange = (ids: readonly string[], nodeId: string, change: FavouriteChange): string[] =>
  change === 'add' ? (ids.includes(nodeId) ? [...ids] : [...ids, nodeId]) : ids.filter((id) => id !== nodeId);

/** Undoes the optimistic step when the server refuses the change. */
export const revertFavouriteChange = (ids: readonly string[], nodeId: string, change: FavouriteChange): string[] =>
  applyFavouriteChange(ids, nodeId, change === 'add' ? 'remove' : 'add');

/** One throttle per page: a second toggle within 1000 ms of the last is dropped. */
export const createFavouriteThrottle = (now?: () => number) => createThrottle(FAVOURITE_THROTTLE_MS, now);
