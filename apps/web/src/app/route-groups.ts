import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { RouteGroupName } from './route-rules';

/** The lazily loaded screen groups of spec section 2; each is its own chunk, loaded on first visit. */
export const routeGroups: Readonly<Record<RouteGroupName, LazyExoticComponent<ComponentType>>> = {
  Promotions: lazy(() => import('./promotions-route').then((m) => ({ default: m.PromotionsRoute }))),
  Seamless: lazy(() => import('../features/games/pages/seamless-page').then((m) => ({ default: m.SeamlessPage }))),
  Lottery: lazy(() => import('./lottery-route').then((m) => ({ default: m.LotteryRoute }))),
  MemberCenter: lazy(() => import('./member-center-route').then((m) => ({ default: m.MemberCenterRoute }))),
  AccountGame: lazy(() =>
    import('../features/games/pages/account-game-page').then((m) => ({ default: m.AccountGamePage })),
  ),
  GameListCenter: lazy(() =>
    import('../features/games/pages/game-list-center-page').then((m) => ({ default: m.GameListCenterPage })),
  ),
  GameCenter: lazy(() =>
    import('../features/games/pages/game-center-page').then((m) => ({ default: m.GameCenterPage })),
  ),
};
