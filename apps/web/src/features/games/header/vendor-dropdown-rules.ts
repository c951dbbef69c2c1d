import type { LobbyVendor } from '../game-item';
import { VASSALAGE_ENTRY } from '../launch/launch-rules';

/** Spec section 2: the header's vendor dropdown takes its large layout when a vendor has more than 10 games. */
export const LARGE_LAYOUT_GAME_COUNT = 10;

/** Games the large layout shows of the vendor in focus (two rows of six, or four rows of three on phones). */
export const DROPDOWN_GAME_TILES = 12;

export type VendorDropdownLayout = 'compact' | 'large';

/**
 * Compact: the category's vendors as tiles. Large (a vendor has more than 10 games): the vendors as a list beside
 * a grid of the games of the vendor in focus, with a link to all of them.
 */
export const dropdownLayoutOf = (vendors: readonly Pick<LobbyVendor, 'gameCount'>[]): VendorDropdownLayout =>
  vendors.some((vendor) => vendor.gameCount > LARGE_LAYOUT_GAME_COUNT) ? 'large' : 'compact';

/** The vendor whose games the large layout shows first: the first with more than 10 games, else the first. */
export const initialVendorOf = (vendors: readonly LobbyVendor[]): LobbyVendor | null =>
  vendors.find((vendor) => vendor.gameCount > LARGE_LAYOUT_GAME_COUNT) ?? vendors[0] ?? null;

/** A vendor card that is itself a game (a vendor with one game) follows the launch rules instead of a link. */
export const isVendorAGame = (vendor: Pick<LobbyVendor, 'nodeId' | 'isGame'>): boolean =>
  vendor.nodeId !== '' && vendor.isGame !== VASSALAGE_ENTRY;

/** Arrow keys move through a list, wrapping at either end; Home and End jump. Null: not a moving key. */
export const nextIndexOf = (key: string, index: number, length: number, isRtl = false): number | null => {
  if (length === 0) return null;
  const forward = isRtl ? 'ArrowLeft' : 'ArrowRight';
  const backward = isRtl ? 'ArrowRight' : 'ArrowLeft';
  if (key === 'ArrowDown' || key === forward) return (index + 1) % length;
  if (key === 'ArrowUp' || key === backward) return (index - 1 + length) % length;
  if (key === 'Home') return 0;
  if (key === 'End') return length - 1;
  return null;
};
