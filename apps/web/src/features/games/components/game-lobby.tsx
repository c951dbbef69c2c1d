import { usePublicStore } from '../../../shared/state/public-store';
import { useShellStore } from '../../../shared/state/shell-store';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden/visually-hidden';
import type { LobbyLane, LobbyVendor } from '../game-item';
import {
  filterNeedsLogin,
  isClassifyMenuShown,
  type LobbyAction,
  type LobbyFilter,
  type LobbyState,
} from '../lobby/lobby-rules';
import { useLobbyGames } from '../lobby/use-lobby-games';
import { useGamesTranslation } from '../use-games-translation';
import { useLobbyLanguage } from '../use-lobby-language';
import { GameActionDialogs, useGameActions } from './game-actions';
import { GameGrid } from './game-grid';
import styles from './game-lobby.module.css';
import { ClassifyMenu, LobbyFilters } from './lobby-filters';
import { LobbyPagination } from './lobby-pagination';
import { VendorStrip } from './vendor-strip';

export interface GameLobbyProps {
  title: string;
  /** A category, or null for the HOT and SEARCH lobbies (every category). */
  gameType: string | null;
  searchText: string;
  state: LobbyState;
  onAction: (action: LobbyAction) => void;
  lanes: readonly LobbyLane[];
  /** Category pages show the category's vendors as entries above the grid. */
  hasVendorStrip?: boolean;
}

const uniqueVendors = (lanes: readonly LobbyLane[]): LobbyVendor[] => {
  const seen = new Map<string, LobbyVendor>();
  for (const lane of lanes)
    for (const vendor of lane.vendors) if (!seen.has(vendor.vassalage)) seen.set(vendor.vassalage, vendor);
  return [...seen.values()];
};

/**
 * A category or SEARCH lobby (spec section 2): the title, the filter buttons and provider dropdown, the
 * classification menu, the game grid ('in_no_data' when empty) and the pagination.
 */
export const GameLobby = ({
  title,
  gameType,
  searchText,
  state,
  onAction,
  lanes,
  hasVendorStrip = false,
}: GameLobbyProps) => {
  const { t } = useGamesTranslation();
  const language = useLobbyLanguage();
  const isLogin = usePublicStore((store) => store.isLogin);
  const openDialog = useShellStore((store) => store.openDialog);
  const actions = useGameActions();
  const lane = gameType === null ? undefined : lanes.find((item) => item.title === gameType);
  const vendors = lane ? lane.vendors : uniqueVendors(lanes);
  const classifications = lane?.classifications ?? [];
  const { page, isLoading } = useLobbyGames({ gameType, searchText, state, language, isLogin });

  const handleFilter = (filter: LobbyFilter) => {
    if (filterNeedsLogin(filter) && !isLogin) {
      openDialog('login');
      return;
    }
    onAction({ type: 'filter', filter });
  };

  // A vendor entry that is not itself a game (no nodeId) and opens no list of its own filters this lobby instead.
  const handleVendor = (vendor: LobbyVendor) => {
    const opensItself = vendor.nodeId !== '' || vendor.isGame === 'VASSALAGE' || vendor.gameType === 'RNG';
    if (opensItself) actions.openVendor(vendor);
    else onAction({ type: 'provider', vassalage: vendor.vassalage });
  };

  return (
    <section className={styles.lobby} aria-labelledby="lobby-heading" data-lobby={gameType ?? 'SEARCH'}>
      <header className={styles.header}>
        <h2 id="lobby-heading" className={styles.title}>
          {title}
        </h2>
        <LobbyFilters
          filter={state.filter}
          vassalage={state.vassalage}
          vendors={vendors}
          onFilter={handleFilter}
          onProvider={(vassalage) => onAction({ type: 'provider', vassalage })}
        />
      </header>
      {hasVendorStrip && lane && lane.vendors.length > 0 ? (
        <VendorStrip vendors={lane.vendors} onOpen={handleVendor} />
      ) : null}
      {gameType !== null &&
      isClassifyMenuShown(gameType, state.vassalage, classifications.length) &&
      state.filter === 'ALL' ? (
        <ClassifyMenu
          classifications={classifications}
          gameClassify={state.gameClassify}
          onClassify={(gameClassify) => onAction({ type: 'classify', gameClassify })}
        />
      ) : null}
      <GameGrid
        games={page.games}
        isLoading={isLoading}
        favouriteIds={actions.favourites.favouriteIds}
        onPlay={actions.playGame}
        onToggleFavourite={actions.favourites.toggle}
      />
      <LobbyPagination
        pageNo={state.pageNo}
        totalPages={page.totalPages}
        onPage={(pageNo) => onAction({ type: 'page', pageNo, totalPages: page.totalPages })}
      />
      <VisuallyHidden>
        <span aria-live="polite">
          {isLoading ? '' : t('game_page_status', { page: state.pageNo, total: Math.max(page.totalPages, 1) })}
        </span>
      </VisuallyHidden>
      <GameActionDialogs actions={actions} />
    </section>
  );
};
