import {
  type FocusEvent,
  type KeyboardEvent,
  lazy,
  type RefObject,
  Suspense,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useCategoriesWithVendors } from '../../features/games/api/use-categories-with-vendors';
import { type NavGameType, type TopNavigationEntry, topNavigationOf } from '../../features/games/game-types';
import { scrollInReadingOrder, useScrollEdges } from '../../shared/hooks/use-scroll-edges';
import { useDeferredMount } from '../../shared/ui/deferred/deferred';
import { ChevronDownIcon, ChevronIcon } from '../../shared/ui/icons/icons';
import styles from './top-navigation.module.css';

/** The vendor panels (and the popups a launch from them opens) load with the first panel, not with the page. */
const loadVendorDropdown = () => import('../../features/games/header/vendor-dropdown');
const VendorDropdown = lazy(() => loadVendorDropdown().then((module) => ({ default: module.VendorDropdown })));

/** A hover opens after a short rest and closes after a short leave, so a pointer passing by opens nothing. */
const HOVER_OPEN_MS = 120;
const HOVER_CLOSE_MS = 220;
/** An arrow of the strip scrolls it by this share of its width, so the last entry seen stays in view. */
const STRIP_STEP = 0.7;

/**
 * Where the navigation sits in the header's bar rather than in the strip below it: where every category fits beside
 * the brand and the buttons in every language (Arabic, the longest, needs about 2,170 px; English 1,920). Keep in
 * step with the header stack in global.css.
 */
export const NAVIGATION_IN_BAR_QUERY = '(min-width: 2200px)';

export interface TopNavigationProps {
  placement: 'header' | 'strip';
}

interface OpenPanel {
  id: NavGameType;
  isFocusFirst: boolean;
  /** The address it was opened at: any navigation (a vendor, a game, another page) closes it. */
  address: string;
}

/**
 * The game-category navigation of the header (spec section 2): home first, promotions last, and a vendor dropdown
 * on each category. A mouse opens it by hovering the category; a keyboard or a touch by the category's own toggle
 * (Enter, Space or Arrow Down, which also moves focus into the panel); Escape closes it and returns focus.
 * It renders a browser task after the header (useDeferredMount), in a box of its own size meanwhile.
 */
export const TopNavigation = ({ placement }: TopNavigationProps) =>
  useDeferredMount() ? (
    <Navigation placement={placement} />
  ) : (
    <div className={`${styles.nav} ${styles[placement]}`} aria-hidden="true" />
  );

const Navigation = ({ placement }: TopNavigationProps) => {
  const { t } = useTranslation();
  const entries = topNavigationOf(useCategoriesWithVendors());
  const location = useLocation();
  const address = `${location.pathname}${location.search}`;
  const [opened, setOpen] = useState<OpenPanel | null>(null);
  const open = opened?.address === address ? opened : null;
  const [isDropdownWanted, setDropdownWanted] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const edges = useScrollEdges(navRef, listRef, placement === 'strip');
  const slots = useRef(new Map<string, HTMLElement>());
  const timer = useRef<number | undefined>(undefined);

  const openPanel = (id: NavGameType, isFocusFirst: boolean) => {
    window.clearTimeout(timer.current);
    setDropdownWanted(true);
    setOpen({ id, isFocusFirst, address });
  };
  const close = () => {
    window.clearTimeout(timer.current);
    setOpen(null);
  };
  const toggleOf = (id: string) => navRef.current?.querySelector<HTMLElement>(`[data-nav-toggle="${id}"]`);

  // A press anywhere outside the navigation (and its panels) closes the open panel.
  const isAnyOpen = open !== null;
  useEffect(() => {
    if (!isAnyOpen) return;
    const handlePointer = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', handlePointer);
    return () => document.removeEventListener('pointerdown', handlePointer);
  }, [isAnyOpen]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const handleHover = (id: NavGameType, isEntering: boolean) => {
    window.clearTimeout(timer.current);
    if (isEntering) {
      void loadVendorDropdown();
      timer.current = window.setTimeout(() => openPanel(id, false), HOVER_OPEN_MS);
    } else {
      timer.current = window.setTimeout(() => setOpen(null), HOVER_CLOSE_MS);
    }
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    const id = open.id;
    close();
    toggleOf(id)?.focus();
  };

  // Focus leaving the open entry and its panel (which sits in the entry's slot) closes it.
  const handleBlur = (event: FocusEvent<HTMLElement>) => {
    if (!open) return;
    const entry = slots.current.get(open.id)?.parentElement;
    if (entry && event.relatedTarget instanceof Node && entry.contains(event.relatedTarget)) return;
    if (event.relatedTarget === null) return;
    close();
  };

  const openEntry = open ? entries.find((entry) => entry.id === open.id) : undefined;

  return (
    <nav
      ref={navRef}
      className={`${styles.nav} ${styles[placement]}`}
      aria-label={t('local_header_games')}
      onKeyDown={handleKeyDown}
      onBlur={handleBlur}
    >
      {placement === 'strip' ? <StripArrow direction={-1} isShown={edges.before} boxRef={navRef} /> : null}
      <ul ref={listRef} className={styles.list}>
        {entries.map((entry) =>
          entry.id === 'HOME' || entry.id === 'PROMO' ? (
            <li key={entry.id}>
              <EntryLink entry={entry} />
            </li>
          ) : (
            <CategoryEntry
              key={entry.id}
              entry={entry}
              id={entry.id}
              panelId={`vendor-panel-${placement}-${entry.id}`}
              isOpen={open?.id === entry.id}
              onHover={handleHover}
              onOpen={openPanel}
              onClose={close}
              slotRef={(element) => {
                if (element) slots.current.set(entry.id, element);
                else slots.current.delete(entry.id);
              }}
            />
          ),
        )}
      </ul>
      {placement === 'strip' ? <StripArrow direction={1} isShown={edges.after} boxRef={navRef} /> : null}
      {isDropdownWanted ? (
        <Suspense fallback={null}>
          <VendorDropdown
            category={
              open && openEntry
                ? {
                    gameType: open.id,
                    path: openEntry.path,
                    label: t('nav_vendors_of', { category: t(openEntry.labelKey) }),
                  }
                : null
            }
            slot={open ? (slots.current.get(open.id) ?? null) : null}
            panelId={open ? `vendor-panel-${placement}-${open.id}` : ''}
            isFocusFirst={open?.isFocusFirst ?? false}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </nav>
  );
};

/**
 * Where the strip is wider than the screen, an arrow at each end that has more behind it scrolls it by most of a
 * view. It is for the mouse: a finger swipes, and the keyboard and screen readers reach every entry as a link, so
 * the arrows stay out of the tab order and the accessibility tree.
 */
const StripArrow = ({
  direction,
  isShown,
  boxRef,
}: {
  direction: 1 | -1;
  isShown: boolean;
  boxRef: RefObject<HTMLElement | null>;
}) => (
  <button
    type="button"
    tabIndex={-1}
    aria-hidden="true"
    hidden={!isShown}
    className={`${styles.arrow} ${direction === 1 ? styles.arrowForward : styles.arrowBack}`}
    data-strip-arrow={direction === 1 ? 'forward' : 'back'}
    onClick={() => {
      if (boxRef.current) scrollInReadingOrder(boxRef.current, direction, STRIP_STEP);
    }}
  >
    <ChevronIcon
      className={`${styles.arrowIcon} ${direction === 1 ? styles.arrowIconForward : styles.arrowIconBack}`}
    />
  </button>
);

const EntryLink = ({ entry }: { entry: TopNavigationEntry }) => {
  const { t } = useTranslation();
  return (
    <NavLink to={entry.path} end className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}>
      {t(entry.labelKey)}
    </NavLink>
  );
};

interface CategoryEntryProps {
  entry: TopNavigationEntry;
  id: NavGameType;
  panelId: string;
  isOpen: boolean;
  onHover: (id: NavGameType, isEntering: boolean) => void;
  onOpen: (id: NavGameType, isFocusFirst: boolean) => void;
  onClose: () => void;
  slotRef: (element: HTMLDivElement | null) => void;
}

const CategoryEntry = ({ entry, id, panelId, isOpen, onHover, onOpen, onClose, slotRef }: CategoryEntryProps) => {
  const { t } = useTranslation();
  const itemRef = useRef<HTMLLIElement>(null);
  const hoverRef = useRef(onHover);
  hoverRef.current = onHover;

  // Native listeners: the panel is portalled into this entry, so only the page's own tree knows it is inside.
  useEffect(() => {
    const item = itemRef.current;
    if (!item) return;
    const handleEnter = (event: PointerEvent) => {
      if (event.pointerType === 'mouse') hoverRef.current(id, true);
    };
    const handleLeave = (event: PointerEvent) => {
      if (event.pointerType === 'mouse') hoverRef.current(id, false);
    };
    item.addEventListener('pointerenter', handleEnter);
    item.addEventListener('pointerleave', handleLeave);
    return () => {
      item.removeEventListener('pointerenter', handleEnter);
      item.removeEventListener('pointerleave', handleLeave);
    };
  }, [id]);

  const handleToggleKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    onOpen(id, true);
  };

  return (
    <li ref={itemRef} className={styles.entry} data-nav-category={id}>
      <span className={`${styles.pair} ${isOpen ? styles.pairOpen : ''}`}>
        <NavLink
          to={entry.path}
          end
          className={({ isActive }) => `${styles.link} ${styles.pairLink} ${isActive ? styles.active : ''}`}
          onKeyDown={handleToggleKey}
        >
          {t(entry.labelKey)}
        </NavLink>
        <button
          type="button"
          className={styles.toggle}
          data-nav-toggle={id}
          aria-expanded={isOpen}
          aria-controls={isOpen ? panelId : undefined}
          aria-label={t('nav_vendors_of', { category: t(entry.labelKey) })}
          onKeyDown={handleToggleKey}
          // A click from the keyboard (Enter or Space) has no pointer detail: focus then moves into the panel.
          onClick={(event) => (isOpen ? onClose() : onOpen(id, event.detail === 0))}
        >
          <ChevronDownIcon aria-hidden="true" />
        </button>
      </span>
      <div ref={slotRef} className={styles.slot} />
    </li>
  );
};
