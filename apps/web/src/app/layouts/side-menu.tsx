import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { SideBanner, SidePromotions } from '../../features/content/components/side-menu-parts';
import { useSiteConfig } from '../../features/system/api/get-system-status';
import { customerServiceLinksOf, openCustomerService } from '../../features/system/customer-service';
import { useMediaQuery, WIDE_LAYOUT_QUERY } from '../../shared/hooks/use-media-query';
import { useNearViewport } from '../../shared/hooks/use-near-viewport';
import { usePublicStore } from '../../shared/state/public-store';
import { useShellStore } from '../../shared/state/shell-store';
import { IconButton } from '../../shared/ui/button/button';
import {
  CloseIcon,
  CoinsIcon,
  GiftIcon,
  GlobeIcon,
  HeadsetIcon,
  HelpIcon,
  HomeIcon,
  UserIcon,
  UsersIcon,
} from '../../shared/ui/icons/icons';
import { LanguageSelect } from './language-select';
import styles from './side-menu.module.css';
import { ThemeToggle } from './theme-toggle';

/** The app QR pulls in the QR encoder: loaded when the block nears the viewport, not with the shell. */
const SideAppDownload = lazy(() =>
  import('../../features/content/components/side-app-download').then((module) => ({ default: module.SideAppDownload })),
);

interface SideMenuLink {
  to: string;
  labelKey: string;
  icon: ReactNode;
}

/**
 * The side menu (spec section 2 "Side menu"), in the spec's order: left banner, promotions, referral and reward
 * centre, licence banner, site links, customer service, app download, language. A column on wide screens, a
 * drawer on narrow ones.
 */
export const SideMenu = () => {
  const { t } = useTranslation();
  const config = useSiteConfig();
  const isWide = useMediaQuery(WIDE_LAYOUT_QUERY);
  const isLogin = usePublicStore((state) => state.isLogin);
  const isOpen = useShellStore((state) => state.isSideMenuOpen);
  const setSideMenuOpen = useShellStore((state) => state.setSideMenuOpen);
  const closeRef = useRef<HTMLButtonElement>(null);
  const appRef = useRef<HTMLDivElement>(null);
  const isAppNear = useNearViewport(appRef);
  const serviceLinks = customerServiceLinksOf(config.info.customerService);
  const isDrawer = !isWide;
  const isHidden = isDrawer && !isOpen;

  useEffect(() => {
    if (!isDrawer || !isOpen) return;
    closeRef.current?.focus();
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setSideMenuOpen(false);
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [isDrawer, isOpen, setSideMenuOpen]);

  const whitelabel = usePublicStore((state) => state.whitelabel);
  // Referral shows to visitors, or when the referral promotion is on; the reward centre when it is enabled.
  const rewardLinks: SideMenuLink[] = [
    ...(!isLogin || whitelabel.REFERRAL3
      ? [{ to: '/member?page=referral', labelKey: 'invite_friends', icon: <UsersIcon /> }]
      : []),
    ...(whitelabel.REWCEN3
      ? [{ to: '/member?page=rewardCenter', labelKey: 'in_reward_center', icon: <GiftIcon /> }]
      : []),
  ];
  const links: SideMenuLink[] = [
    { to: '/', labelKey: 'hd_home', icon: <HomeIcon /> },
    { to: '/promotions', labelKey: 'local_header_promotions', icon: <GiftIcon /> },
    { to: '/pointMall', labelKey: 'point_mall', icon: <CoinsIcon /> },
    { to: '/help', labelKey: 'in_help_center', icon: <HelpIcon /> },
    { to: '/lines', labelKey: 'lines_title', icon: <GlobeIcon /> },
    ...(isLogin ? [{ to: '/member', labelKey: 'hd_member_center', icon: <UserIcon /> }] : []),
  ];

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
        <SideBanner group="w_leftmenu" />
        <SidePromotions />
        {rewardLinks.length > 0 ? (
          <ul className={styles.links}>
            {rewardLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={styles.link}>
                  <span className={styles.linkIcon}>{link.icon}</span>
                  {t(link.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        ) : null}
        <SideBanner group="w_license" />
        <nav aria-label={t('in_menu')}>
          <ul className={styles.links}>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end
                  className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}
                >
                  <span className={styles.linkIcon}>{link.icon}</span>
                  {t(link.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        {serviceLinks.length > 0 ? (
          <section className={styles.section} aria-labelledby="side-menu-service">
            <h2 id="side-menu-service" className={styles.sectionTitle}>
              {t('in_customer_service')}
            </h2>
            <ul className={styles.links}>
              {serviceLinks.map((link) => (
                <li key={`${link.csType}-${link.title}`}>
                  <button type="button" className={styles.link} onClick={() => openCustomerService(link)}>
                    <span className={styles.linkIcon}>
                      <HeadsetIcon />
                    </span>
                    {link.title}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <div ref={appRef} className={styles.appSlot}>
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
      </aside>
    </>
  );
};
