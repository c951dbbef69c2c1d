import { createBrowserRouter } from 'react-router';
import { setSessionExpiredListener } from '../shared/api/api-client';
import { clearSessionToken } from '../shared/api/session-token';
import { LoadingState } from '../shared/ui/page-state';
import { AppShell } from './layouts/app-shell';
import { RequireOperator } from './layouts/require-operator';
import { queryClient } from './query-client';
import { HomeRedirect } from './routes/home-redirect';
import { LoginPage } from './routes/login-page';
import { MerchantsPage } from './routes/merchants-page';
import { NotFoundPage } from './routes/not-found-page';
import { RouteErrorPage } from './routes/route-error-page';

const BASENAME = '/admin';

export const router = createBrowserRouter(
  [
    { path: '/login', element: <LoginPage />, errorElement: <RouteErrorPage /> },
    {
      element: <RequireOperator />,
      errorElement: <RouteErrorPage />,
      // Shown while a lazily loaded page of the first URL arrives.
      hydrateFallbackElement: <LoadingState />,
      children: [
        {
          element: <AppShell />,
          children: [
            { index: true, element: <HomeRedirect /> },
            {
              path: 'dashboard',
              lazy: async () => ({ Component: (await import('./routes/dashboard-page')).DashboardPage }),
            },
            {
              path: 'reports',
              lazy: async () => ({ Component: (await import('./routes/reports-page')).ReportsPage }),
            },
            { path: 'merchants', element: <MerchantsPage /> },
            {
              path: 'merchants/:code',
              lazy: async () => ({ Component: (await import('./routes/merchant-settings-page')).MerchantSettingsPage }),
            },
            {
              path: 'members',
              lazy: async () => ({ Component: (await import('./routes/members-page')).MembersPage }),
            },
            {
              path: 'members/:id',
              lazy: async () => ({ Component: (await import('./routes/member-page')).MemberPage }),
            },
            {
              path: 'cashier',
              lazy: async () => ({ Component: (await import('./routes/cashier-page')).CashierPage }),
            },
            {
              path: 'cashier/wallet/:code/:memberId',
              lazy: async () => ({ Component: (await import('./routes/member-wallet-page')).MemberWalletPage }),
            },
            {
              path: 'merchants/:code/games',
              lazy: async () => ({ Component: (await import('./routes/games-page')).GamesPage }),
            },
            {
              path: 'merchants/:code/content',
              lazy: async () => ({ Component: (await import('./routes/content-page')).ContentPage }),
            },
            {
              path: 'merchants/:code/promotions',
              lazy: async () => ({ Component: (await import('./routes/promotions-page')).PromotionsPage }),
            },
            {
              path: 'promotions',
              lazy: async () => ({ Component: (await import('./routes/promotions-page')).PromotionsIndexPage }),
            },
            {
              path: 'merchants/:code/referral',
              lazy: async () => ({ Component: (await import('./routes/referral-page')).ReferralPage }),
            },
            {
              path: 'referral',
              lazy: async () => ({ Component: (await import('./routes/referral-page')).ReferralIndexPage }),
            },
            {
              path: 'content',
              lazy: async () => ({ Component: (await import('./routes/content-page')).ContentIndexPage }),
            },
            {
              path: 'merchants/:code/vip',
              lazy: async () => ({ Component: (await import('./routes/vip-page')).VipPage }),
            },
            { path: 'vip', lazy: async () => ({ Component: (await import('./routes/vip-page')).VipIndexPage }) },
            { path: 'games', lazy: async () => ({ Component: (await import('./routes/games-page')).GamesIndexPage }) },
            {
              path: 'merchants/:code/rebate',
              lazy: async () => ({ Component: (await import('./routes/rebate-page')).RebatePage }),
            },
            {
              path: 'rebate',
              lazy: async () => ({ Component: (await import('./routes/rebate-page')).RebateIndexPage }),
            },
            {
              path: 'merchants/:code/agents',
              lazy: async () => ({ Component: (await import('./routes/agents-page')).AgentsPage }),
            },
            {
              path: 'agents',
              lazy: async () => ({ Component: (await import('./routes/agents-page')).AgentsIndexPage }),
            },
            {
              path: 'merchants/:code/agent-contracts',
              lazy: async () => ({ Component: (await import('./routes/agent-contracts-page')).AgentContractsPage }),
            },
            {
              path: 'merchants/:code/agent-contracts/:id',
              lazy: async () => ({ Component: (await import('./routes/agent-contracts-page')).AgentContractPage }),
            },
            {
              path: 'agent-contracts',
              lazy: async () => ({
                Component: (await import('./routes/agent-contracts-page')).AgentContractsIndexPage,
              }),
            },
            {
              path: 'contact',
              lazy: async () => ({ Component: (await import('./routes/contact-page')).ContactPage }),
            },
            {
              path: 'merchants/:code/events',
              lazy: async () => ({ Component: (await import('./routes/events-page')).EventsPage }),
            },
            {
              path: 'events',
              lazy: async () => ({ Component: (await import('./routes/events-page')).EventsIndexPage }),
            },
            {
              path: 'merchants/:code/game-debts',
              lazy: async () => ({ Component: (await import('./routes/seamless-debts-page')).SeamlessDebtsPage }),
            },
            {
              path: 'merchants/:code/game-rounds',
              lazy: async () => ({ Component: (await import('./routes/seamless-rounds-page')).SeamlessRoundsPage }),
            },
            {
              path: 'merchants/:code/game-rounds/:provider/:roundId',
              lazy: async () => ({ Component: (await import('./routes/seamless-rounds-page')).SeamlessRoundPage }),
            },
            {
              path: 'game-rounds',
              lazy: async () => ({
                Component: (await import('./routes/seamless-rounds-page')).SeamlessRoundsIndexPage,
              }),
            },
            {
              path: 'game-debts',
              lazy: async () => ({
                Component: (await import('./routes/seamless-debts-page')).SeamlessDebtsIndexPage,
              }),
            },
            {
              path: 'merchants/:code/lottery',
              lazy: async () => ({ Component: (await import('./routes/lottery-page')).LotteryPage }),
            },
            {
              path: 'merchants/:code/lottery/draws/:drawId',
              lazy: async () => ({ Component: (await import('./routes/lottery-page')).LotteryDrawPage }),
            },
            {
              path: 'lottery',
              lazy: async () => ({ Component: (await import('./routes/lottery-page')).LotteryIndexPage }),
            },
            {
              path: 'merchants/:code/points',
              lazy: async () => ({ Component: (await import('./routes/points-page')).PointsPage }),
            },
            {
              path: 'points',
              lazy: async () => ({ Component: (await import('./routes/points-page')).PointsIndexPage }),
            },
            {
              path: 'responsible-gaming',
              lazy: async () => ({ Component: (await import('./routes/compliance-page')).CompliancePage }),
            },
            {
              path: 'merchants/:code/missions',
              lazy: async () => ({ Component: (await import('./routes/missions-page')).MissionsPage }),
            },
            {
              path: 'missions',
              lazy: async () => ({ Component: (await import('./routes/missions-page')).MissionsIndexPage }),
            },
            {
              path: 'merchants/:code/jackpot',
              lazy: async () => ({ Component: (await import('./routes/jackpot-page')).JackpotPage }),
            },
            {
              path: 'jackpot',
              lazy: async () => ({ Component: (await import('./routes/jackpot-page')).JackpotIndexPage }),
            },
            {
              path: 'merchants/:code/chat-rooms',
              lazy: async () => ({ Component: (await import('./routes/chat-rooms-page')).ChatRoomsPage }),
            },
            {
              path: 'chat-rooms',
              lazy: async () => ({ Component: (await import('./routes/chat-rooms-page')).ChatRoomsIndexPage }),
            },
            {
              path: 'merchants/:code/social-sign-in',
              lazy: async () => ({ Component: (await import('./routes/social-sign-in-page')).SocialSignInPage }),
            },
            {
              path: 'social-sign-in',
              lazy: async () => ({ Component: (await import('./routes/social-sign-in-page')).SocialSignInIndexPage }),
            },
            { path: 'outbox', lazy: async () => ({ Component: (await import('./routes/outbox-page')).OutboxPage }) },
            { path: 'audit', lazy: async () => ({ Component: (await import('./routes/audit-page')).AuditPage }) },
            {
              path: 'operators',
              lazy: async () => ({ Component: (await import('./routes/operators-page')).OperatorsPage }),
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ],
  { basename: BASENAME },
);

/** An expired or revoked session sends the operator back to the login page, remembering where they were. */
setSessionExpiredListener(() => {
  clearSessionToken();
  queryClient.clear();
  // The router's own location carries the basename; in-app paths do not.
  const { search } = router.state.location;
  const fullPath = router.state.location.pathname;
  const pathname = fullPath.startsWith(BASENAME) ? fullPath.slice(BASENAME.length) || '/' : fullPath;
  if (pathname === '/login') return;
  void router.navigate(`/login?expired=1&next=${encodeURIComponent(pathname + search)}`, { replace: true });
});
