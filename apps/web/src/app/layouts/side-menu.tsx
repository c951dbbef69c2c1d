import type { ActivityState } from '@tessera/contracts';
import { lazy, type MouseEvent, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { SideBanner, SidePromotions } from '../../features/content/components/side-menu-parts';
import { useCategoriesWithVendors } from '../../features/games/api/use-categories-with-vendors';
import { type NavGameType, topNavigationOf } from '../../features/games/game-types';
import { useLaunchFirstGame } from '../../features/games/launch/use-launch-first-game';
import { usePromotionList } from '../../features/promotions/api/promotions-api';
import { useSiteConfig } from '../../features/system/api/get-system-status';
import { CustomerServiceItems } from '../../features/system/components/customer-service-items';
import { customerServiceLinksOf } from '../../features/system/customer-service';
import { useMediaQuery, WIDE_LAYOUT_QUERY } from '../../shared/hooks/use-media-query';
import { useNearViewport } from '../../shared/hooks/use-near-viewport';
import { usePublicStore } from '../../shared/state/public-store';
import { useShellStore } from '../../shared/state/shell-store';
import { IconButton } from '../../shared/ui/button/button';
import { Deferred } from '../../shared/ui/deferred/deferred';
import {
  CloseIcon,
  CoinsIcon,
  FlameIcon,
  GamepadIcon,
  GiftIcon,
  GlobeIcon,
  HeadsetIcon,
  HelpIcon,
  HomeIcon,
  PlayIcon,
  ShieldIcon,
  TicketIcon,
  TrophyIcon,
  UserIcon,
  UsersIcon,
} from '../../shared/ui/icons/icons';
import { LanguageSelect } from './language-select';
import styles from './side-menu.module.css';
import { SideMenuMemberEntries } from './side-menu-member-entries';
import { ThemeToggle } from './theme-toggle';

/** A member's Referral entry waits for availablePromo: its query and contract come in their own chunk. */
const ReferralPromoGate = lazy(() =>
  import('../../features/promotions/components/referral-promo-gate').then((module) => ({
    default: module.ReferralPromoGate,
  })),
);

/** The app QR pulls in the QR encoder: loaded when the block nears the viewport, not with the shell. */
const SideAppDownload = lazy(() =>
  import('../../features/content/components/side-app-download').then((module) => ({ default: module.SideAppDownload })),
);

const categoryIcons: Readonly<Record<Exclude<NavGameType, 'HOME'>, ReactNode>> = {
  ELOTT: <TicketIcon />,
  LOTT: <TicketIcon />,
  LIVE: <PlayIcon />,
  SPORTS: <TrophyIcon />,
  FISH: <FlameIcon />,
  RNG: <CoinsIcon />,
  PVP: <UsersIcon />,
  ESPORTS: <GamepadIcon />,
  INHOUSE: <ShieldIcon />,
};

interface SideMenuLink {
  to: string;
  labelKey: string;
  icon: ReactNode;
  /** The entry launches this category's first game instead of opening its page (the e-lottery entry). */
  launchesFirstOf?: NavGameType;
}

/**
 * The side menu (spec section 2 "Side menu"), in the spec's order: left banner, promotions, the VIP, referral,
 * invite and reward-centre entries, licence banner, the game categories with the site's pages, customer service,
 * app download, language. A column on wide screens, a drawer on narrow ones. The points mall is left out: the
 * site has no points programme, and an entry must not open an empty page.
 */
export const SideMenu = () => {
  const { t } = useTranslation();
  const isWide = useMediaQuery(WIDE_LAYOUT_QUERY);
  const isOpen = useShellStore((state) => state.isSideMenuOpen);
  const setSideMenuOpen = useShellStore((state) => state.setSideMenuOpen);
  const closeRef = useRef<HTMLButtonElement>(null);
  const isDrawer = !isWide;
  const isHidden = isDrawer && !isOpen;
  // A closed drawer is off screen: its content (banners, the app QR, the language list) renders when it first
  // opens, not with the page, and then stays for the drawer's next openings.
  const hasOpened = useRef(false);
  if (!isHidden) hasOpened.current = true;

  useEffect(() => {
    if (!isDrawer || !isOpen) return;
    closeRef.current?.focus();
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setSideMenuOpen(false);
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [isDrawer, isOpen, setSideMenuOpen]);

  const handleClose = () => setSideMenuOpen(false);

  return (
    <>
      {isDrawer && isOpen ? <div className={styles.scrim} onClick={handleClose} aria-hidden="true" /> : null}
      <aside
        id="side-menu"
        className={styles.menu}
        data-open={isOpen ? '' : undefined}
        data-shell="side-menu"
        aria-label={t('in_menu')}
        inert={isHidden}
      >
        {isDrawer ? (
          <div className={styles.drawerHead}>
            <IconButton ref={closeRef} label={t('label_close')} onClick={handleClose}>
              <CloseIcon />
            </IconButton>
          </div>
        ) : null}
        {/* The column's content comes a browser task after the page's frame; the column's width is its own. */}
        {isWide ? (
          <Deferred>
            <SideMenuContent onClose={handleClose} />
          </Deferred>
        ) : hasOpened.current ? (
          <SideMenuContent onClose={handleClose} />
        ) : null}
      </aside>
    </>
  );
};

/** The invite page (personal centre `referral`). */
const INVITE_PATH = '/member?page=referral';

/**
 * The referral entries (REFERRAL3): Referral, shown to visitors and to members while the programme pays (public
 * state availablePromo, asked for only once a member is logged in), and Invite. Both open the invite page; a
 * visitor gets the login popup instead, as for the e-lottery entry. Both stay links, for opening in a new tab.
 */
const ReferralEntries = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const isModuleOn = usePublicStore((state) => state.whitelabel.REFERRAL3 === true);
  const isLogin = usePublicStore((state) => state.isLogin);
  const openDialog = useShellStore((state) => state.openDialog);
  if (!isModuleOn) return null;
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    if (isLogin) {
      onClose();
      return;
    }
    event.preventDefault();
    openDialog('login');
  };
  const promotion = (
    <Link to={INVITE_PATH} className={styles.referralPromo} onClick={handleClick} data-side-entry="referral">
      <span className={styles.referralPromoIcon}>
        <GiftIcon />
      </span>
      {t('referral_promo')}
    </Link>
  );
  return (
    <div className={styles.referral} data-side-referral="">
      {isLogin ? (
        <Suspense fallback={null}>
          <ReferralPromoGate>{promotion}</ReferralPromoGate>
        </Suspense>
      ) : (
        promotion
      )}
      <ul className={styles.links}>
        <li>
          <Link to={INVITE_PATH} className={styles.link} onClick={handleClick} data-side-entry="invite">
            <span className={styles.linkIcon}>
              <UsersIcon />
            </span>
            {t('invite_friends')}
          </Link>
        </li>
      </ul>
    </div>
  );
};

/**
 * States in which a promotion has nothing more to offer the member: closed, or already taken (claimed, its bonus
 * issued, the application rejected). The side menu leaves these out; the promotions page still lists them.
 */
const SIDE_MENU_HIDDEN_STATES: ReadonlySet<ActivityState> = new Set(['closed', 'claimed', 'issued', 'rejected']);

/** The side menu's promotions: the ones still open to the member first, then the merchant's notices. */
const SidePromotionEntries = () => {
  const list = usePromotionList();
  const leading = (list.data?.list ?? []).filter((promotion) => !SIDE_MENU_HIDDEN_STATES.has(promotion.state));
  return <SidePromotions leading={leading} />;
};

/** What the side menu holds, in the spec's order. */
const SideMenuContent = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const config = useSiteConfig();
  const isLogin = usePublicStore((state) => state.isLogin);
  const appRef = useRef<HTMLDivElement>(null);
  const isAppNear = useNearViewport(appRef);
  const serviceLinks = customerServiceLinksOf(config.info);

  const categories = topNavigationOf(useCategoriesWithVendors()).flatMap((entry) =>
    entry.id === 'HOME' || entry.id === 'PROMO'
      ? []
      : [
          {
            to: entry.path,
            labelKey: entry.labelKey,
            icon: categoryIcons[entry.id],
            ...(entry.id === 'ELOTT' ? { launchesFirstOf: entry.id } : {}),
          },
        ],
  );
  const links: SideMenuLink[] = [
    { to: '/', labelKey: 'hd_home', icon: <HomeIcon /> },
    ...categories,
    { to: '/promotions', labelKey: 'local_header_promotions', icon: <GiftIcon /> },
    { to: '/redEnvelope', labelKey: 'red_envelope_menu', icon: <GiftIcon /> },
    { to: '/help', labelKey: 'in_help_center', icon: <HelpIcon /> },
    { to: '/lines', labelKey: 'lines_title', icon: <GlobeIcon /> },
    ...(isLogin ? [{ to: '/member', labelKey: 'hd_member_center', icon: <UserIcon /> }] : []),
  ];

  const launchFirstGame = useLaunchFirstGame();
  // The e-lottery entry (spec section 2 "Side menu"): the first e-lottery game for a member, the login popup for a
  // visitor. It stays a link to the category's page, for opening in a new tab.
  const handleLaunchFirst = (event: MouseEvent<HTMLAnchorElement>, link: SideMenuLink) => {
    if (!link.launchesFirstOf || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    onClose();
    void launchFirstGame(link.launchesFirstOf, link.to);
  };

  return (
    <>
      <SideBanner group="w_leftmenu" />
      <SidePromotionEntries />
      <SideMenuMemberEntries referral={<ReferralEntries onClose={onClose} />} />
      <SideBanner group="w_license" />
      <nav aria-label={t('in_menu')}>
        <ul className={styles.links}>
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end
                className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}
                onClick={link.launchesFirstOf ? (event) => handleLaunchFirst(event, link) : undefined}
                data-launch-first={link.launchesFirstOf}
              >
                <span className={styles.linkIcon}>{link.icon}</span>
                {t(link.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <section className={styles.section} aria-labelledby="side-menu-service" data-side-service="">
        <h2 id="side-menu-service" className={styles.sectionTitle}>
          {t('in_customer_service')}
        </h2>
        <ul className={styles.links}>
          <CustomerServiceItems links={serviceLinks} className={styles.link} iconClassName={styles.linkIcon} />
          <li>
            <button
              type="button"
              className={styles.link}
              data-chat-room-entry=""
              onClick={() => {
                onClose();
                useShellStore.getState().openDialog('chatRoom');
              }}
            >
              <span className={styles.linkIcon}>
                <UsersIcon />
              </span>
              {t('chat_room_entry')}
            </button>
          </li>
          {serviceLinks.length === 0 ? (
            // A merchant without customer service: the help centre answers instead.
            <li>
              <Link to="/help" className={styles.link} onClick={onClose}>
                <span className={styles.linkIcon}>
                  <HeadsetIcon />
                </span>
                {t('in_help_center')}
              </Link>
            </li>
          ) : null}
        </ul>
      </section>

      <div ref={appRef} className={styles.appSlot} data-side-app="">
        {isAppNear ? (
          <Suspense fallback={null}>
            <SideAppDownload />
          </Suspense>
        ) : null}
      </div>

      <section className={`${styles.section} ${styles.settings}`}>
        <LanguageSelect variant="full" />
        <div className={styles.themeRow}>
          <span>{t('in_theme')}</span>
          <ThemeToggle />
        </div>
      </section>
    </>
  );
};
