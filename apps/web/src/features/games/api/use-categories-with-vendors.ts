import { useMemo } from 'react';
import type { NavGameType } from '../game-types';
import { useLobbyLanguage } from '../use-lobby-language';
import { useVendorLanes } from './get-vendor-lanes';

const navCategories: ReadonlySet<string> = new Set([
  'ELOTT',
  'LOTT',
  'LIVE',
  'SPORTS',
  'FISH',
  'RNG',
  'PVP',
  'ESPORTS',
  'INHOUSE',
]);

const isNavCategory = (title: string): title is NavGameType => navCategories.has(title);

/** The categories with at least one vendor on this merchant (the top navigation's entries, spec section 2). */
export const useCategoriesWithVendors = (): ReadonlySet<NavGameType> => {
  const lanes = useVendorLanes(useLobbyLanguage()).data;
  return useMemo(
    () =>
      new Set(
        (lanes ?? [])
          .filter((lane) => lane.vendors.length > 0)
          .map((lane) => lane.title)
          .filter(isNavCategory),
      ),
    [lanes],
  );
};
