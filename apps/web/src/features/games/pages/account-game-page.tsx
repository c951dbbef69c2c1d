import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { usePublicStore } from '../../../shared/state/public-store';
import { useFavouriteList } from '../api/get-favourites';
import { useRecentGames } from '../api/get-recent-games';
import { GameActionDialogs, useGameActions } from '../components/game-actions';
import { GameGrid } from '../components/game-grid';
import { LobbyPagination } from '../components/lobby-pagination';
import { gameTypeLabelKeys, gameTypeOfPath } from '../game-types';
import { LOBBY_PAGE_SIZE } from '../lobby/lobby-rules';
import { acceptedPageOf } from '../lobby/pagination';
import { useGamesTranslation } from '../use-games-translation';
import { useLobbyLanguage } from '../use-lobby-language';
import styles from './account-game-page.module.css';

/** /favorite and /recent (lazy group AccountGame, login required): the member's favourite or recent games. */
export const AccountGamePage = () => {
  const { t } = useGamesTranslation();
  const { pathname } = useLocation();
  const type = gameTypeOfPath(pathname) === 'RECENT' ? 'RECENT' : 'FAV';
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = Number(searchParams.get('page') ?? '1');
  const pageNo = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const language = useLobbyLanguage();
  const isLogin = usePublicStore((state) => state.isLogin);
  const setCurrentGameType = usePublicStore((state) => state.setCurrentGameType);
  useEffect(() => {
    setCurrentGameType(type);
  }, [type, setCurrentGameType]);
  const actions = useGameActions();
  const favourites = useFavouriteList({ pageNo, pageSize: LOBBY_PAGE_SIZE, language }, isLogin && type === 'FAV');
  const recent = useRecentGames({ page: pageNo, language }, isLogin && type === 'RECENT');
  const query = type === 'FAV' ? favourites : recent;
  const page = query.data ?? { games: [], totalPages: 0 };

  const handlePage = (next: number) => {
    const accepted = acceptedPageOf(next, pageNo, page.totalPages);
    if (accepted !== null) setSearchParams(accepted > 1 ? { page: String(accepted) } : {});
  };

  return (
    <section className={styles.page} aria-labelledby="account-games-title" data-account-games={type}>
      <h1 id="account-games-title" className={styles.title}>
        {t(gameTypeLabelKeys[type])}
      </h1>
      <GameGrid
        games={page.games}
        isLoading={query.isFetching || !isLogin}
        favouriteIds={actions.favourites.favouriteIds}
        onPlay={actions.playGame}
        onToggleFavourite={actions.favourites.toggle}
      />
      <LobbyPagination pageNo={pageNo} totalPages={page.totalPages} onPage={handlePage} />
      <GameActionDialogs actions={actions} />
    </section>
  );
};
