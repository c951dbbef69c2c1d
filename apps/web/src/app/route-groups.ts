import type { ComponentType } from 'react';
import type { RouteGroupName } from './route-rules';

type LazyRoute = () => Promise<{ Component: ComponentType }>;

/** The lazily loaded screen groups of spec section 2; each is its own chunk, loaded on first visit. */
export const routeGroups: Readonly<Record<RouteGroupName, LazyRoute>> = {
  Promotions: () =>
    import('../features/promotions/pages/promotions-page').then((m) => ({ Component: m.PromotionsPage })),
  Seamless: () => import('../features/games/pages/seamless-page').then((m) => ({ Component: m.SeamlessPage })),
  Lottery: () => import('../features/lottery/pages/lottery-page').then((m) => ({ Component: m.LotteryPage })),
  MemberCenter: () => import('./member-center-route').then((m) => ({ Component: m.MemberCenterRoute })),
  PointMall: () => import('../features/points/pages/point-mall-page').then((m) => ({ Component: m.PointMallPage })),
  AccountGame: () =>
    import('../features/games/pages/account-game-page').then((m) => ({ Component: m.AccountGamePage })),
  GameListCenter: () =>
    import('../features/games/pages/game-list-center-page').then((m) => ({ Component: m.GameListCenterPage })),
  GameCenter: () => import('../features/games/pages/game-center-page').then((m) => ({ Component: m.GameCenterPage })),
};
