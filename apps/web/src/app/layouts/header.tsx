import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../../features/system/api/get-system-status';
import { useMediaQuery, WIDE_LAYOUT_QUERY } from '../../shared/hooks/use-media-query';
import { usePublicStore } from '../../shared/state/public-store';
import { useShellStore } from '../../shared/state/shell-store';
import { Button, IconButton } from '../../shared/ui/button/button';
import { BellIcon, MenuIcon } from '../../shared/ui/icons/icons';
import { preloadShellDialog } from '../shell-dialogs';
import { Brand } from './brand';
import { CustomerServiceMenu } from './customer-service-menu';
import styles from './header.module.css';
import { LanguageSelect } from './language-select';
import { ThemeToggle } from './theme-toggle';
import { NAVIGATION_IN_BAR_QUERY, TopNavigation } from './top-navigation';

/** A visitor's first load does without the member's parts (balance, live updates, menu). */
const MemberHeaderParts = lazy(() => import('./member-header-parts').then((m) => ({ default: m.MemberHeaderParts })));

export interface HeaderProps {
  /** Pages without a side menu keep the language and theme controls in the header at every width. */
  hasSideMenu: boolean;
}

/** The member site's header (spec section 2 "Header and footer"): login and register, or the member's menu. */
export const Header = ({ hasSideMenu }: HeaderProps) => {
  const { t } = useTranslation();
  const siteName = useSiteConfig().info.site.name;
  const isLogin = usePublicStore((state) => state.isLogin);
  const isSideMenuOpen = useShellStore((state) => state.isSideMenuOpen);
  const setSideMenuOpen = useShellStore((state) => state.setSideMenuOpen);
  const openDialog = useShellStore((state) => state.openDialog);
  const openNotice = useShellStore((state) => state.openNotice);
  // One navigation renders: in the bar where every category fits beside the rest, else in the strip below it.
  const isNavigationInBar = useMediaQuery(NAVIGATION_IN_BAR_QUERY);
  // With a side menu, language and theme are in the bar only where the menu is a column; below, the drawer has them.
  const isWide = useMediaQuery(WIDE_LAYOUT_QUERY);

  const handleMenu = () => setSideMenuOpen(!isSideMenuOpen);
  const handleLogin = () => openDialog('login');
  const handleRegister = () => openDialog('register');

  return (
    <header className={styles.header} data-shell="header" data-has-side-menu={hasSideMenu ? '' : undefined}>
      <div className={styles.bar}>
        {hasSideMenu ? (
          <IconButton
            label={t('in_menu')}
            className={styles.menuButton}
            aria-expanded={isSideMenuOpen}
            aria-controls="side-menu"
            onClick={handleMenu}
          >
            <MenuIcon />
          </IconButton>
        ) : null}
        <Brand siteName={siteName} isCompactOnPhones />
        {isNavigationInBar ? <TopNavigation placement="header" /> : null}
        <div className={styles.actions}>
          <IconButton label={t('notice_title')} onClick={() => openNotice(0)} data-notice-button="">
            <BellIcon />
          </IconButton>
          <CustomerServiceMenu />
          {hasSideMenu && !isWide ? null : (
            <div className={hasSideMenu ? styles.settings : `${styles.settings} ${styles.always}`}>
              <LanguageSelect variant="compact" />
              <span className={styles.themeToggle}>
                <ThemeToggle />
              </span>
            </div>
          )}
          {isLogin ? (
            <Suspense fallback={null}>
              <MemberHeaderParts />
            </Suspense>
          ) : (
            <>
              <Button
                variant="secondary"
                size="sm"
                className={styles.authButton}
                onClick={handleLogin}
                onPointerEnter={() => preloadShellDialog('login')}
                onFocus={() => preloadShellDialog('login')}
              >
                {t('hd_login_button')}
              </Button>
              <Button
                size="sm"
                className={styles.authButton}
                onClick={handleRegister}
                onPointerEnter={() => preloadShellDialog('register')}
                onFocus={() => preloadShellDialog('register')}
              >
                {t('hd_sign_button')}
              </Button>
            </>
          )}
        </div>
      </div>
      {isNavigationInBar ? null : <TopNavigation placement="strip" />}
    </header>
  );
};
