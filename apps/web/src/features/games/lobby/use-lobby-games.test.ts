import { describe, expect, it } from 'vitest';
import type { LobbyGame } from '../game-item';
import { matchesSearch, pageOfList } from './use-lobby-games';

const game = (nodeId: string, name = `Game ${nodeId}`): LobbyGame => ({
  nodeId,
  name,
  iconUrl: null,
  vassalage: 'PG',
  vendorName: 'PG',
  gameType: 'RNG',
  gameClassify: null,
  gameCode: nodeId,
  isHot: true,
  supportPlay: 1,
  isGame: 'GAME',
  isMaintenance: false,
});

describe('lists paged in the browser', () => {
  it('cuts hot games into pages of 18 and counts the pages', () => {
    const games = Array.from({ length: 40 }, (_, index) => game(String(index + 1)));
    expect(pageOfList(games, 1).games.map((item) => item.nodeId)).toEqual(
      games.slice(0, 18).map((item) => item.nodeId),
    );
    expect(pageOfList(games, 3).games).toHaveLength(4);
    expect(pageOfList(games, 3).totalPages).toBe(3);
    expect(pageOfList([], 1)).toEqual({ games: [], totalPages: 0 });
  });

  it('narrows by the search text without regard to case', () => {
    expect(matchesSearch(game('1', 'Fortune Tiger'), 'tiger')).toBe(true);
    expect(matchesSearch(game('1', 'Fortune Tiger'), 'dragon')).toBe(false);
    expect(matchesSearch(game('1', 'Fortune Tiger'), '')).toBe(true);
  });
});
