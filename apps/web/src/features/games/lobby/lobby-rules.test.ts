import { describe, expect, it } from 'vitest';
import {
  gameMenuOf,
  gameTypeAfterSearch,
  homeSectionsOf,
  initialLobbyState,
  isClassifyMenuShown,
  lobbyStateFromQuery,
  nextLobbyState,
  queryOfLobbyState,
} from './lobby-rules';

const categories = new Set(['COCKFIGHT', 'LIVE', 'RNG', 'INHOUSE', 'FISH', 'ELOTT']);

describe('home lobby', () => {
  it('orders sections as the spec does, RECENT only when logged in with recent games', () => {
    expect(homeSectionsOf({ isLogin: false, hasRecent: true, hasHot: true, categories })).toEqual([
      'INHOUSE',
      'HOT',
      'RNG',
      'LIVE',
      'FISH',
      'COCKFIGHT',
    ]);
    expect(homeSectionsOf({ isLogin: true, hasRecent: false, hasHot: false, categories })[0]).toBe('INHOUSE');
    expect(homeSectionsOf({ isLogin: true, hasRecent: true, hasHot: false, categories })[0]).toBe('RECENT');
  });

  it('builds the game menu from HOME, HOT and the categories present', () => {
    expect(gameMenuOf(categories)).toEqual(['HOME', 'HOT', 'INHOUSE', 'RNG', 'LIVE', 'FISH', 'COCKFIGHT', 'ELOTT']);
    expect(gameMenuOf(new Set())).toEqual(['HOME', 'HOT']);
  });

  it('switches to SEARCH on trimmed non-empty text and back to HOME when cleared', () => {
    expect(gameTypeAfterSearch('  fortune ', 'RNG')).toBe('SEARCH');
    expect(gameTypeAfterSearch('   ', 'SEARCH')).toBe('HOME');
    expect(gameTypeAfterSearch('', 'LIVE')).toBe('LIVE');
  });
});

describe('lobby filters', () => {
  const filtered = { filter: 'ALL' as const, vassalage: 'PG', gameClassify: 'JP', pageNo: 3 };

  it('resets provider, classification and page when ALL is chosen', () => {
    expect(nextLobbyState(filtered, { type: 'filter', filter: 'ALL' })).toEqual(initialLobbyState);
  });

  it('resets the classification to ALL and the page to 1 when a provider is chosen', () => {
    expect(nextLobbyState(filtered, { type: 'provider', vassalage: 'JL' })).toEqual({
      filter: 'ALL',
      vassalage: 'JL',
      gameClassify: 'ALL',
      pageNo: 1,
    });
  });

  it('ignores page numbers above the total', () => {
    expect(nextLobbyState(filtered, { type: 'page', pageNo: 9, totalPages: 5 })).toBe(filtered);
    expect(nextLobbyState(filtered, { type: 'page', pageNo: 5, totalPages: 5 }).pageNo).toBe(5);
  });

  it('shows the classification menu only with All providers and more than one classification, never on FISH', () => {
    expect(isClassifyMenuShown('RNG', '', 3)).toBe(true);
    expect(isClassifyMenuShown('RNG', 'PG', 3)).toBe(false);
    expect(isClassifyMenuShown('RNG', '', 1)).toBe(false);
    expect(isClassifyMenuShown('FISH', '', 4)).toBe(false);
  });

  it('keeps the lobby state in the address and reads it back', () => {
    const state = { filter: 'HOT' as const, vassalage: 'PG', gameClassify: 'JP', pageNo: 2 };
    expect(lobbyStateFromQuery(queryOfLobbyState(state))).toEqual(state);
    expect(queryOfLobbyState(initialLobbyState).toString()).toBe('');
    expect(lobbyStateFromQuery(new URLSearchParams('page=-4&filter=nope'))).toEqual(initialLobbyState);
  });
});
