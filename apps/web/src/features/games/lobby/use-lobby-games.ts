import { useFavouriteList } from '../api/get-favourites';
import { useGameList } from '../api/get-game-list';
import { useHotGames } from '../api/get-hot-games';
import { useRecentGames } from '../api/get-recent-games';
import type { GamePage, LobbyGame } from '../game-item';
import { ALL_CLASSIFY, LOBBY_PAGE_SIZE, type LobbyState } from './lobby-rules';

export interface LobbySource {
  /** A category, or null for every category (the HOT and SEARCH lobbies). */
  gameType: string | null;
  /** The trimmed search text of the SEARCH lobby, else ''. */
  searchText: string;
  state: LobbyState;
  language: string;
  isLogin: boolean;
}

/** Lists without server paging (hot games) are paged here, 18 to a page like the rest. */
export const pageOfList = (games: readonly LobbyGame[], pageNo: number, pageSize = LOBBY_PAGE_SIZE): GamePage => ({
  games: games.slice((pageNo - 1) * pageSize, pageNo * pageSize),
  totalPages: Math.ceil(games.length / pageSize),
});

/** The search text also narrows the hot, favourite and recent filters, which the server does not search. */
export const matchesSearch = (game: LobbyGame, searchText: string): boolean =>
  searchText === '' || game.name.toLocaleLowerCase().includes(searchText.toLocaleLowerCase());

const matchesFilters = (game: LobbyGame, source: LobbySource): boolean =>
  (source.gameType === null || game.gameType === source.gameType) &&
  (source.state.vassalage === '' || game.vassalage === source.state.vassalage) &&
  (source.state.gameClassify === ALL_CLASSIFY || game.gameClassify === source.state.gameClassify) &&
  matchesSearch(game, source.searchText);

/** The games of one lobby page for its filter: ALL (the server's list), HOT, FAV or RECENT. */
export const useLobbyGames = (source: LobbySource): { page: GamePage; isLoading: boolean } => {
  const { state, language, isLogin } = source;
  const gameType = source.gameType ?? undefined;
  const vassalage = state.vassalage || undefined;
  const all = useGameList(
    {
      gameType,
      vassalage,
      gameClassify: state.gameClassify === ALL_CLASSIFY ? undefined : state.gameClassify,
      gameName: source.searchText || undefined,
      pageNo: state.pageNo,
      pageSize: LOBBY_PAGE_SIZE,
      language,
    },
    state.filter === 'ALL',
  );
  const hot = useHotGames(language);
  const usesServerPaging = source.searchText === '';
  const favourites = useFavouriteList(
    {
      gameType,
      vassalage,
      pageNo: usesServerPaging ? state.pageNo : 1,
      pageSize: usesServerPaging ? LOBBY_PAGE_SIZE : 999,
      language,
    },
    isLogin && state.filter === 'FAV',
  );
  const recent = useRecentGames(
    { page: usesServerPaging ? state.pageNo : 1, gameType, vassalage, language },
    isLogin && state.filter === 'RECENT',
  );

  switch (state.filter) {
    case 'ALL':
      return { page: all.data ?? { games: [], totalPages: 0 }, isLoading: all.isFetching };
    case 'HOT':
      return {
        page: pageOfList(
          (hot.data ?? []).filter((game) => matchesFilters(game, source)),
          state.pageNo,
        ),
        isLoading: hot.isFetching,
      };
    case 'FAV': {
      const data = favourites.data ?? { games: [], totalPages: 0 };
      return {
        page: usesServerPaging
          ? data
          : pageOfList(
              data.games.filter((game) => matchesFilters(game, source)),
              state.pageNo,
            ),
        isLoading: favourites.isFetching,
      };
    }
    case 'RECENT': {
      const data = recent.data ?? { games: [], totalPages: 0 };
      return {
        page: usesServerPaging
          ? data
          : { games: data.games.filter((game) => matchesFilters(game, source)), totalPages: 1 },
        isLoading: recent.isFetching,
      };
    }
  }
};
