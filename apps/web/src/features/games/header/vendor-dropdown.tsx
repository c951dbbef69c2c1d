import { type KeyboardEvent, type SyntheticEvent, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { WrenchIcon } from '../../../shared/ui/icons/icons';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden/visually-hidden';
import { useGameList } from '../api/get-game-list';
import { useVendorLanes } from '../api/get-vendor-lanes';
import defaultIcon from '../assets/game-default.svg';
import { GameActionDialogs, type GameActions, useGameActions } from '../components/game-actions';
import type { LobbyGame, LobbyVendor } from '../game-item';
import { vendorLobbyPathOf } from '../game-types';
import { useGamesTranslation } from '../use-games-translation';
import { useLobbyLanguage } from '../use-lobby-language';
import styles from './vendor-dropdown.module.css';
import {
  DROPDOWN_GAME_TILES,
  dropdownLayoutOf,
  initialVendorOf,
  isVendorAGame,
  nextIndexOf,
} from './vendor-dropdown-rules';

export interface VendorDropdownProps {
  /** The open category (a lane's title) and its page, or null when every panel is closed. */
  category: { gameType: string; path: string; label: string } | null;
  /** Where the open category's panel goes: a slot in its navigation entry, so Tab reaches it after the entry. */
  slot: HTMLElement | null;
  panelId: string;
  /** Opened from the keyboard: the first vendor takes focus. */
  isFocusFirst: boolean;
  onClose: () => void;
}

/**
 * The header's vendor dropdown (spec section 2), loaded with the first panel opened. It stays mounted after that so
 * the popups a launch opens (vendor games, PVP rooms, maintenance) outlive the panel.
 */
export const VendorDropdown = ({ category, slot, panelId, isFocusFirst, onClose }: VendorDropdownProps) => {
  const actions = useGameActions();
  const lanes = useVendorLanes(useLobbyLanguage()).data;
  const lane = category ? lanes?.find((item) => item.title === category.gameType) : undefined;
  return (
    <>
      {category && slot && lane && lane.vendors.length > 0
        ? createPortal(
            <VendorPanel
              key={category.gameType}
              id={panelId}
              gameType={category.gameType}
              path={category.path}
              label={category.label}
              vendors={lane.vendors}
              actions={actions}
              isFocusFirst={isFocusFirst}
              onClose={onClose}
            />,
            slot,
          )
        : null}
      <GameActionDialogs actions={actions} />
    </>
  );
};

interface VendorPanelProps {
  id: string;
  gameType: string;
  path: string;
  label: string;
  vendors: readonly LobbyVendor[];
  actions: GameActions;
  isFocusFirst: boolean;
  onClose: () => void;
}

const isRtlOf = (element: Element) => getComputedStyle(element).direction === 'rtl';

/** Moves focus among the panel's entries of one kind with the arrow keys, Home and End. */
const moveFocus = (event: KeyboardEvent<HTMLElement>, selector: string) => {
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(selector));
  const index = items.indexOf(document.activeElement as HTMLElement);
  const next = nextIndexOf(event.key, Math.max(index, 0), items.length, isRtlOf(event.currentTarget));
  if (next === null) return;
  event.preventDefault();
  items[next]?.focus();
};

const VendorPanel = ({ id, gameType, path, label, vendors, actions, isFocusFirst, onClose }: VendorPanelProps) => {
  const { t } = useGamesTranslation();
  const layout = dropdownLayoutOf(vendors);
  const [active, setActive] = useState(() => initialVendorOf(vendors));
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (isFocusFirst) listRef.current?.querySelector<HTMLElement>('[data-dropdown-vendor]')?.focus();
  }, [isFocusFirst]);

  const handleVendorGame = (vendor: LobbyVendor) => {
    onClose();
    actions.openVendor(vendor);
  };
  const handleGame = (game: LobbyGame) => {
    onClose();
    actions.playGame(game);
  };

  return (
    <section
      id={id}
      className={`${styles.panel} ${layout === 'large' ? styles.large : styles.compact}`}
      aria-label={label}
      data-vendor-dropdown={gameType}
      data-layout={layout}
    >
      <ul
        ref={listRef}
        className={styles.vendors}
        aria-label={t('in_provider')}
        onKeyDown={(event) => moveFocus(event, '[data-dropdown-vendor]')}
      >
        {vendors.map((vendor) => {
          const isActive = layout === 'large' && active?.vassalage === vendor.vassalage;
          const content = (
            <>
              {vendor.logoUrl ? <img src={vendor.logoUrl} alt="" className={styles.logo} loading="lazy" /> : null}
              <span className={vendor.logoUrl ? styles.nameWithLogo : styles.name} dir="auto">
                {vendor.displayName}
              </span>
              <span className={styles.count}>{t('nav_vendor_games_count', { count: vendor.gameCount })}</span>
              {vendor.isMaintenance ? (
                <span className={styles.maintenance} title={t('game_under_maintenance')}>
                  <WrenchIcon aria-hidden="true" />
                  <VisuallyHidden>{t('game_under_maintenance')}</VisuallyHidden>
                </span>
              ) : null}
            </>
          );
          const common = {
            className: `${styles.vendor} ${isActive ? styles.activeVendor : ''}`,
            'data-dropdown-vendor': vendor.vassalage,
            'data-game-count': vendor.gameCount,
            onFocus: () => setActive(vendor),
            onPointerEnter: () => setActive(vendor),
          };
          return (
            <li key={vendor.vassalage}>
              {isVendorAGame(vendor) ? (
                <button type="button" {...common} onClick={() => handleVendorGame(vendor)}>
                  {content}
                </button>
              ) : (
                <Link
                  {...common}
                  to={vendorLobbyPathOf(path, vendor.vassalage)}
                  aria-current={isActive ? 'true' : undefined}
                  onClick={onClose}
                >
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
      {layout === 'large' && active ? (
        <VendorGames key={active.vassalage} gameType={gameType} path={path} vendor={active} onPlay={handleGame} />
      ) : null}
    </section>
  );
};

interface VendorGamesProps {
  gameType: string;
  path: string;
  vendor: LobbyVendor;
  onPlay: (game: LobbyGame) => void;
}

const placeholderKeys = ['a', 'b', 'c', 'd', 'e', 'f'];

/** The large layout's games: the first twelve of the vendor in focus, each following the launch rules. */
const VendorGames = ({ gameType, path, vendor, onPlay }: VendorGamesProps) => {
  const { t } = useGamesTranslation();
  const language = useLobbyLanguage();
  const list = useGameList({
    gameType,
    vassalage: vendor.vassalage,
    pageNo: 1,
    pageSize: DROPDOWN_GAME_TILES,
    language,
  });
  const games = list.data?.games ?? [];
  const handleError = (event: SyntheticEvent<HTMLImageElement>) => {
    if (!event.currentTarget.src.endsWith(defaultIcon)) event.currentTarget.src = defaultIcon;
  };
  return (
    <div className={styles.games} data-dropdown-games={vendor.vassalage} aria-busy={list.isPending}>
      <ul
        className={styles.gameGrid}
        aria-label={vendor.displayName}
        onKeyDown={(event) => moveFocus(event, '[data-dropdown-game]')}
      >
        {list.isPending
          ? placeholderKeys.map((key) => <li key={key} className={styles.placeholder} />)
          : games.map((game) => (
              <li key={game.nodeId}>
                <button
                  type="button"
                  className={styles.game}
                  data-dropdown-game={game.nodeId}
                  data-maintenance={game.isMaintenance ? '' : undefined}
                  onClick={() => onPlay(game)}
                >
                  <img
                    className={styles.gameImage}
                    src={game.iconUrl ?? defaultIcon}
                    alt=""
                    loading="lazy"
                    width={120}
                    height={120}
                    onError={handleError}
                  />
                  <span className={styles.gameName} dir="auto">
                    {game.name}
                  </span>
                </button>
              </li>
            ))}
      </ul>
      <Link
        to={vendorLobbyPathOf(path, vendor.vassalage)}
        className={styles.allGames}
        data-dropdown-all={vendor.vassalage}
      >
        {t('nav_vendor_all_games', { vendor: vendor.displayName, count: vendor.gameCount })}
      </Link>
    </div>
  );
};
