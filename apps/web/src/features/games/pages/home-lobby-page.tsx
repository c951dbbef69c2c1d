import { useQueries } from '@tanstack/react-query';
import { type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useNearViewport } from '../../../shared/hooks/use-near-viewport';
import { type GameType, usePublicStore } from '../../../shared/state/public-store';
import { useShellStore } from '../../../shared/state/shell-store';
import { Button } from '../../../shared/ui/button/button';
import { Deferred } from '../../../shared/ui/deferred/deferred';
import { gameListQueryOptions, useGameList } from '../api/get-game-list';
import { useHotGames } from '../api/get-hot-games';
import { useRecentGames } from '../api/get-recent-games';
import { useVendorLanes } from '../api/get-vendor-lanes';
import { GameActionDialogs, type GameActions, useGameActions } from '../components/game-actions';
import { GameLobby } from '../components/game-lobby';
import { GameMenu } from '../components/game-menu';
import { HomeSection } from '../components/home-section';
import { SearchBox } from '../components/search-box';
import { WinnersBoard } from '../components/winners-board';
import { gameTypeLabelKeys } from '../game-types';
import {
  gameMenuOf,
  gameTypeAfterSearch,
  HOME_SECTION_SIZE,
  type HomeSection as HomeSectionName,
  homeSectionsOf,
  initialLobbyState,
  type LobbyAction,
  type LobbyState,
  nextLobbyState,
} from '../lobby/lobby-rules';
import { useGamesTranslation } from '../use-games-translation';
import { useLobbyLanguage } from '../use-lobby-language';
import styles from './home-lobby-page.module.css';

export interface HomeLobbyPageProps {
  siteName: string;
}

/**
 * The home lobby (/, /index, /index.html, /home, and under the /login, /register and /help popups): the welcome,
 * the game menu, the search box, and either the home sections with the winners board (HOME) or the lobby of the
 * chosen category, of HOT, or of the search (SEARCH) (spec section 2).
 */
export const HomeLobbyPage = ({ siteName }: HomeLobbyPageProps) => {
  const { t } = useGamesTranslation();
  const isLogin = usePublicStore((state) => state.isLogin);
  const openDialog = useShellStore((state) => state.openDialog);
  const language = useLobbyLanguage();
  const currentGameType = usePublicStore((state) => state.currentGameType);
  const setCurrentGameType = usePublicStore((state) => state.setCurrentGameType);
  const [searchText, setSearchText] = useState('');
  const [lobbyState, setLobbyState] = useState<LobbyState>(initialLobbyState);
  const lanes = useVendorLanes(language).data ?? [];
  const categories = new Set(lanes.filter((lane) => lane.vendors.length > 0).map((lane) => lane.title));

  useEffect(() => {
    setCurrentGameType('HOME');
  }, [setCurrentGameType]);

  const selectGameType = useCallback(
    (gameType: GameType) => {
      setCurrentGameType(gameType);
      setSearchText('');
      setLobbyState(gameType === 'HOT' ? { ...initialLobbyState, filter: 'HOT' } : initialLobbyState);
    },
    [setCurrentGameType],
  );
  const handleSearch = useCallback(
    (text: string) => {
      setSearchText(text);
      setLobbyState(initialLobbyState);
      setCurrentGameType(gameTypeAfterSearch(text, usePublicStore.getState().currentGameType));
    },
    [setCurrentGameType],
  );
  const handleAction = (action: LobbyAction) => {
    // The HOT lobby stays on hot games: its ALL is all hot games, not every game.
    const next = nextLobbyState(lobbyState, action);
    setLobbyState(currentGameType === 'HOT' && next.filter === 'ALL' ? { ...next, filter: 'HOT' } : next);
  };

  const isHome = currentGameType === 'HOME';
  const lobbyGameType = currentGameType === 'SEARCH' || currentGameType === 'HOT' ? null : currentGameType;
  const title =
    currentGameType === 'SEARCH'
      ? t('game_search_results', { text: searchText })
      : t(gameTypeLabelKeys[currentGameType]);

  return (
    <div className={styles.lobby} data-home-lobby={currentGameType}>
      {/* A member has nothing to do in a welcome block: the page keeps its heading for assistive technology only,
          and the games move up. A visitor's welcome is one slim row, so games show on the first screen. */}
      {isLogin ? (
        <h1 id="lobby-title" className={styles.hiddenTitle}>
          {t('welcome_to_site', { name: siteName })}
        </h1>
      ) : (
        <section className={styles.hero} aria-labelledby="lobby-title" data-welcome="">
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>{t('local_lobby')}</p>
            <h1 id="lobby-title" className={styles.heroTitle}>
              {t('welcome_to_site', { name: siteName })}
            </h1>
          </div>
          <div className={styles.heroActions}>
            <Button onClick={() => openDialog('register')}>{t('in_register_now')}</Button>
            <Button variant="secondary" onClick={() => openDialog('login')}>
              {t('hd_login_button')}
            </Button>
          </div>
        </section>
      )}
      <div className={styles.bar}>
        <GameMenu
          items={gameMenuOf(categories)}
          current={currentGameType === 'SEARCH' ? 'HOME' : currentGameType}
          onSelect={selectGameType}
        />
        <SearchBox value={searchText} onSearch={handleSearch} />
      </div>
      {isHome ? (
        <HomeSections categories={categories} onMore={selectGameType} />
      ) : (
        <GameLobby
          key={currentGameType}
          title={title}
          gameType={lobbyGameType}
          searchText={currentGameType === 'SEARCH' ? searchText : ''}
          state={lobbyState}
          onAction={handleAction}
          lanes={lanes}
          hasVendorStrip={lobbyGameType !== null}
        />
      )}
    </div>
  );
};

/** How many home sections render with the first screen. */
const FIRST_SECTIONS = 2;

const HomeSections = ({
  categories,
  onMore,
}: {
  categories: ReadonlySet<string>;
  onMore: (type: GameType) => void;
}) => {
  const { t } = useGamesTranslation();
  const language = useLobbyLanguage();
  const isLogin = usePublicStore((state) => state.isLogin);
  const actions = useGameActions();
  const recentQuery = useRecentGames({ page: 1, language }, isLogin);
  const hotQuery = useHotGames(language);
  const lanesQuery = useVendorLanes(language);
  const recent = recentQuery.data?.games ?? [];
  const hot = hotQuery.data ?? [];
  const sections = homeSectionsOf({ isLogin, hasRecent: recent.length > 0, hasHot: hot.length > 0, categories });
  // The first sections' games are asked for with the page; a later section asks for its own as it nears the
  // screen (CategorySection), holding its place meanwhile.
  const categoryLists = useQueries({
    queries: sections
      .slice(0, FIRST_SECTIONS)
      .filter((section): section is CategoryName => section !== 'RECENT' && section !== 'HOT')
      .map((section) => gameListQueryOptions(categoryListInput(section, language))),
  });
  // On the first visit the first sections appear together, once what decides them has arrived (or failed), so
  // that a section arriving late never pushes the ones below it down the screen (layout shift).
  const hasSettled = useRef(false);
  hasSettled.current ||=
    !lanesQuery.isPending &&
    !hotQuery.isPending &&
    !(isLogin && recentQuery.isPending) &&
    categoryLists.every((list) => !list.isPending);
  // Until then the first sections' place is held, so the footer does not show on the first screen and jump away.
  if (!hasSettled.current) {
    return (
      <div className={styles.sections} aria-hidden="true">
        {Array.from({ length: FIRST_SECTIONS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the placeholders are alike and never reorder.
          <SectionPlaceholder key={index} />
        ))}
      </div>
    );
  }
  // The first two sections fill a phone's screen and come with it; each other one, and the winners board, is
  // rendered when it nears the screen (LaterSection).
  return (
    <div className={styles.sections}>
      {sections.map((section, index) => (
        <LaterSection key={section} isImmediate={index < FIRST_SECTIONS}>
          {section === 'RECENT' ? (
            <HomeSection id={section} title={t(gameTypeLabelKeys.RECENT)} games={recent} actions={actions} />
          ) : section === 'HOT' ? (
            <HomeSection
              id={section}
              title={t(gameTypeLabelKeys.HOT)}
              games={hot.slice(0, HOME_SECTION_SIZE)}
              actions={actions}
              onMore={() => onMore('HOT')}
            />
          ) : (
            <CategorySection section={section} actions={actions} onMore={() => onMore(section)} />
          )}
        </LaterSection>
      ))}
      <LaterSection isImmediate={false}>
        <WinnersBoard />
      </LaterSection>
      <GameActionDialogs actions={actions} />
    </div>
  );
};

/**
 * A part of the home lobby below the first screen: a placeholder of about its height until it comes within a
 * screen's reach, then rendered in its turn, one part per browser task (Deferred). A visitor who never scrolls
 * never pays for laying out a hundred cards they do not see; one who scrolls finds them drawn before they arrive.
 */
const LaterSection = ({ isImmediate, children }: { isImmediate: boolean; children: ReactNode }) => {
  const placeholderRef = useRef<HTMLDivElement>(null);
  const isNear = useNearViewport(placeholderRef, '400px');
  if (isImmediate) return children;
  const placeholder = <SectionPlaceholder placeholderRef={placeholderRef} />;
  return isNear ? <Deferred fallback={placeholder}>{children}</Deferred> : placeholder;
};

/** The place of a home section not drawn yet, about a section's height. */
const SectionPlaceholder = ({ placeholderRef }: { placeholderRef?: RefObject<HTMLDivElement | null> }) => (
  <div ref={placeholderRef} className={styles.pending} aria-hidden="true" data-home-pending="" />
);

type CategoryName = Exclude<HomeSectionName, 'RECENT' | 'HOT'>;

/** A category's home section: the first page of its games. */
const categoryListInput = (section: CategoryName, language: string) => ({
  gameType: section,
  pageNo: 1,
  pageSize: HOME_SECTION_SIZE,
  language,
});

const CategorySection = ({
  section,
  actions,
  onMore,
}: {
  section: CategoryName;
  actions: GameActions;
  onMore: () => void;
}) => {
  const { t } = useGamesTranslation();
  const language = useLobbyLanguage();
  const { data, isPending } = useGameList(categoryListInput(section, language));
  if (isPending) return <SectionPlaceholder />;
  return (
    <HomeSection
      id={section}
      title={t(gameTypeLabelKeys[section])}
      games={data?.games ?? []}
      actions={actions}
      onMore={onMore}
    />
  );
};
