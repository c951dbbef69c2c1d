import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useLogout } from '../../features/session/api/logout';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { Badge } from '../../shared/ui/badge';
import { Button } from '../../shared/ui/button';
import {
  BellIcon,
  CloseIcon,
  CoinsIcon,
  CrownIcon,
  GamepadIcon,
  GiftIcon,
  InboxIcon,
  ListIcon,
  LogoutIcon,
  MemberSearchIcon,
  MenuIcon,
  MessageIcon,
  ShieldIcon,
  StoreIcon,
  TicketIcon,
  UsersIcon,
  WalletIcon,
} from '../../shared/ui/icons';
import styles from './app-shell.module.css';
import { type OperatorOutletContext, useCurrentOperator } from './operator-outlet-context';
import { PreferencesBar } from './preferences-bar';

/** A merchant's pages (/merchants/:code/games, …/game-rounds/:provider/:round) belong to their entries, not to Merchants. */
const sectionOfPath = (pathname: string): string | null =>
  /^\/merchants\/[^/]+\/(games|content|rebate|vip|promotions|referral|agents|agent-contracts|events|lottery|points|missions|jackpot|chat-rooms|social-sign-in|game-rounds|game-debts)(\/|$)/.exec(
    pathname,
  )?.[1] ?? null;

const isEntryActive = (to: string, isActive: boolean, section: string | null): boolean =>
  section === null ? isActive : to === `/${section}`;

/** The signed-in frame: side navigation (a drawer below 960 px), preferences bar and the page. */
export const AppShell = () => {
  const { t } = useTranslation();
  const operator = useCurrentOperator();
  const navigate = useNavigate();
  const location = useLocation();
  const logoutMutation = useLogout();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const section = sectionOfPath(location.pathname);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer whenever the page changes
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname]);

  const handleSignOut = () => {
    logoutMutation.mutate(undefined, { onSettled: () => void navigate('/login', { replace: true }) });
  };

  const navItems = [
    {
      to: '/dashboard',
      label: t('nav.dashboard'),
      icon: <CoinsIcon />,
      isVisible: canOperator(operator.role, 'reports.dashboard'),
    },
    {
      to: '/reports',
      label: t('nav.reports'),
      icon: <ListIcon />,
      isVisible: canOperator(operator.role, 'reports.cash') || canOperator(operator.role, 'reports.play'),
    },
    { to: '/merchants', label: t('nav.merchants'), icon: <StoreIcon />, isVisible: true },
    {
      to: '/members',
      label: t('nav.members'),
      icon: <MemberSearchIcon />,
      isVisible: canOperator(operator.role, 'member.read'),
    },
    {
      to: '/cashier',
      label: t('nav.cashier'),
      icon: <WalletIcon />,
      isVisible: canOperator(operator.role, 'cashier.withdrawals') || canOperator(operator.role, 'cashier.reports'),
    },
    {
      to: '/games',
      label: t('nav.games'),
      icon: <GamepadIcon />,
      isVisible: canOperator(operator.role, 'games.read'),
    },
    {
      to: '/game-rounds',
      label: t('nav.gameRounds'),
      icon: <ListIcon />,
      isVisible: canOperator(operator.role, 'games.read'),
    },
    {
      to: '/game-debts',
      label: t('nav.gameDebts'),
      icon: <ListIcon />,
      isVisible: canOperator(operator.role, 'games.read'),
    },
    {
      to: '/lottery',
      label: t('nav.lottery'),
      icon: <TicketIcon />,
      isVisible: canOperator(operator.role, 'lottery.read'),
    },
    {
      to: '/points',
      label: t('nav.points'),
      icon: <GiftIcon />,
      isVisible: canOperator(operator.role, 'points.read'),
    },
    {
      to: '/responsible-gaming',
      label: t('nav.compliance'),
      icon: <ShieldIcon />,
      isVisible: canOperator(operator.role, 'responsibleGaming.read'),
    },
    {
      to: '/missions',
      label: t('nav.missions'),
      icon: <ListIcon />,
      isVisible: canOperator(operator.role, 'missions.read'),
    },
    {
      to: '/jackpot',
      label: t('nav.jackpot'),
      icon: <GiftIcon />,
      isVisible: canOperator(operator.role, 'jackpot.read'),
    },
    {
      to: '/content',
      label: t('nav.content'),
      icon: <BellIcon />,
      isVisible: canOperator(operator.role, 'content.write'),
    },
    {
      to: '/vip',
      label: t('nav.vip'),
      icon: <CrownIcon />,
      isVisible: canOperator(operator.role, 'vip.read'),
    },
    {
      to: '/rebate',
      label: t('nav.rebate'),
      icon: <CoinsIcon />,
      isVisible: canOperator(operator.role, 'rebate.read'),
    },
    {
      to: '/promotions',
      label: t('nav.promotions'),
      icon: <GiftIcon />,
      isVisible: canOperator(operator.role, 'promotions.read') || canOperator(operator.role, 'promotions.review'),
    },
    {
      to: '/referral',
      label: t('nav.referral'),
      icon: <UsersIcon />,
      isVisible: canOperator(operator.role, 'referral.read'),
    },
    {
      to: '/agents',
      label: t('nav.agents'),
      icon: <UsersIcon />,
      isVisible: canOperator(operator.role, 'agents.read'),
    },
    {
      to: '/agent-contracts',
      label: t('nav.agentContracts'),
      icon: <CoinsIcon />,
      isVisible: canOperator(operator.role, 'agentContracts.read'),
    },
    {
      to: '/contact',
      label: t('nav.contact'),
      icon: <MessageIcon />,
      isVisible: canOperator(operator.role, 'contact.read'),
    },
    {
      to: '/chat-rooms',
      label: t('nav.chatRooms'),
      icon: <UsersIcon />,
      isVisible: canOperator(operator.role, 'chatRooms.read'),
    },
    {
      to: '/social-sign-in',
      label: t('nav.socialSignIn'),
      icon: <UsersIcon />,
      isVisible: canOperator(operator.role, 'socialSignIn.read'),
    },
    {
      to: '/outbox',
      label: t('nav.outbox'),
      icon: <InboxIcon />,
      isVisible: canOperator(operator.role, 'outbox.read'),
    },
    {
      to: '/events',
      label: t('nav.events'),
      icon: <ListIcon />,
      isVisible: canOperator(operator.role, 'events.read'),
    },
    { to: '/audit', label: t('nav.audit'), icon: <ListIcon />, isVisible: canOperator(operator.role, 'audit.read') },
    {
      to: '/operators',
      label: t('nav.operators'),
      icon: <UsersIcon />,
      isVisible: canOperator(operator.role, 'operator.manage'),
    },
  ].filter((item) => item.isVisible);

  const context: OperatorOutletContext = { operator };

  return (
    <div className={styles.shell}>
      <aside className={styles.sidebar} data-open={isMenuOpen || undefined} aria-label={t('nav.label')}>
        <div className={styles.brand}>
          <span className={styles.logo} aria-hidden="true">
            T
          </span>
          <span className={styles.brandText}>
            <span className={styles.brandName}>{t('app.brand')}</span>
            <span className={styles.brandSub}>{t('app.backOffice')}</span>
          </span>
          <Button
            variant="ghost"
            size="sm"
            className={styles.closeMenu}
            icon={<CloseIcon />}
            aria-label={t('nav.closeMenu')}
            onClick={() => setMenuOpen(false)}
          />
        </div>
        <nav className={styles.nav}>
          {navItems.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={({ isActive }) =>
                [styles.navLink, isEntryActive(item.to, isActive, section) ? styles.navLinkActive : ''].join(' ')
              }
            >
              {item.icon}
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className={styles.operator}>
          <div className={styles.operatorText}>
            <span className={styles.operatorName} data-testid="operator-name">
              {operator.displayName}
            </span>
            <span className={styles.operatorMeta}>
              <Badge tone="info">{t(`roles.${operator.role}`)}</Badge>
              <span className={styles.scope}>
                {operator.merchantCode
                  ? t('operators.scopeOne', { code: operator.merchantCode })
                  : t('operators.scopeAll')}
              </span>
            </span>
          </div>
          <Button
            variant="ghost"
            size="sm"
            icon={<LogoutIcon />}
            onClick={handleSignOut}
            isBusy={logoutMutation.isPending}
          >
            {t('nav.signOut')}
          </Button>
        </div>
      </aside>
      {isMenuOpen ? (
        <button
          type="button"
          className={styles.backdrop}
          aria-label={t('nav.closeMenu')}
          onClick={() => setMenuOpen(false)}
        />
      ) : null}
      <div className={styles.main}>
        <header className={styles.topbar}>
          <Button
            variant="ghost"
            className={styles.menuButton}
            icon={<MenuIcon />}
            aria-label={t('nav.openMenu')}
            aria-expanded={isMenuOpen}
            onClick={() => setMenuOpen(true)}
          />
          <span className={styles.topbarBrand}>{t('app.backOffice')}</span>
          <PreferencesBar />
        </header>
        <main className={styles.content}>
          <Outlet context={context} />
        </main>
      </div>
    </div>
  );
};
