import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoadingCover } from '../shared/ui/loading-cover/loading-cover';
import { HomeRoute } from './home-route';
import { SiteLayout } from './layouts/site-layout';
import { RouteErrorPage } from './route-error-page';
import { routeGroups } from './route-groups';
import { openHelp, openLoginAtHome, openRegister, redirectHome, requireSession } from './route-loaders';
import {
  accountGamePaths,
  gameCenterPaths,
  gameListCenterPaths,
  homePaths,
  isProtectedPath,
  lotteryPaths,
} from './route-rules';
import { ShellRoot } from './shell-root';

/** Protected routes get the guard as their loader, so the rule lives in one place (route-rules.ts). */
const guarded = (route: RouteObject & { path: string }): RouteObject =>
  isProtectedPath(route.path) ? { ...route, loader: requireSession } : route;

const siteRoutes: RouteObject[] = [
  ...homePaths.map((path) => ({ path, element: <HomeRoute /> })),
  { path: '/login', loader: openLoginAtHome, element: <HomeRoute /> },
  { path: '/register', loader: openRegister, element: <HomeRoute /> },
  { path: '/help', loader: openHelp, element: <HomeRoute /> },
  guarded({ path: '/member', lazy: routeGroups.MemberCenter }),
  ...gameCenterPaths.map((path) => ({ path, lazy: routeGroups.GameCenter })),
  ...gameListCenterPaths.map((path) => ({ path, lazy: routeGroups.GameListCenter })),
  { path: '/inHouse', lazy: () => import('./in-house-route').then((m) => ({ Component: m.InHouseRoute })) },
  {
    path: '/inHouse/verify',
    lazy: () => import('../features/inhouse/pages/verify-page').then((m) => ({ Component: m.VerifyPage })),
  },
  ...accountGamePaths.map((path) => guarded({ path, lazy: routeGroups.AccountGame })),
  ...lotteryPaths.map((path) => guarded({ path, lazy: routeGroups.Lottery })),
  { path: '/promotions', lazy: routeGroups.Promotions },
  { path: '/pointMall', lazy: routeGroups.PointMall },
  { path: '/seamless', lazy: routeGroups.Seamless },
  { path: '/appDownload', lazy: () => import('./content-routes').then((m) => ({ Component: m.AppDownloadRoute })) },
  { path: '/lines', lazy: () => import('./content-routes').then((m) => ({ Component: m.LinesRoute })) },
];

const agentRoutes: RouteObject[] = [
  {
    path: '/agent',
    lazy: () => import('../features/agents/pages/agent-page').then((m) => ({ Component: m.AgentPage })),
  },
  guarded({
    path: '/agentHome',
    lazy: () => import('../features/agents/pages/agent-home-page').then((m) => ({ Component: m.AgentHomePage })),
  }),
];

/** Every route of spec section 2, under the site layout or the separate agent layout. */
export const appRoutes: RouteObject[] = [
  {
    element: <ShellRoot />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <LoadingCover />,
    children: [
      { element: <SiteLayout />, children: siteRoutes },
      {
        lazy: () => import('./layouts/agent-layout').then((m) => ({ Component: m.AgentLayout })),
        children: agentRoutes,
      },
      { path: '*', loader: redirectHome, element: <Navigate to="/" replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
