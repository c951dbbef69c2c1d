import { SOCIAL_SIGN_IN_CALLBACK_PATH } from '@tessera/contracts';
import { lazy, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { HomeRoute } from './home-route';
import { SiteLayout } from './layouts/site-layout';
import { OpenHelp, OpenLoginAtHome, OpenRegister, RequireSession } from './route-actions';
import { routeGroups } from './route-groups';
import {
  accountGamePaths,
  gameCenterPaths,
  gameListCenterPaths,
  homePaths,
  isProtectedPath,
  lotteryPaths,
} from './route-rules';
import { ShellRoot } from './shell-root';

const InHouseRoute = lazy(() => import('./in-house-route').then((m) => ({ default: m.InHouseRoute })));
const VerifyPage = lazy(() => import('../features/inhouse/pages/verify-page').then((m) => ({ default: m.VerifyPage })));
const PointMallPage = lazy(() =>
  import('../features/points/pages/point-mall-page').then((m) => ({ default: m.PointMallPage })),
);
const VipPage = lazy(() => import('../features/promotions/pages/vip-page').then((m) => ({ default: m.VipPage })));
const RedEnvelopeRoute = lazy(() => import('./red-envelope-route').then((m) => ({ default: m.RedEnvelopeRoute })));
const AppDownloadRoute = lazy(() => import('./content-routes').then((m) => ({ default: m.AppDownloadRoute })));
const LinesRoute = lazy(() => import('./content-routes').then((m) => ({ default: m.LinesRoute })));
const PublicLiveChatPage = lazy(() =>
  import('../features/contact/pages/live-chat-page').then((m) => ({ default: m.PublicLiveChatPage })),
);
const ChatRoomPage = lazy(() =>
  import('../features/chat-rooms/pages/chat-room-page').then((m) => ({ default: m.ChatRoomPage })),
);
const SocialSignInCallbackRoute = lazy(() =>
  import('./social-sign-in-callback-route').then((m) => ({ default: m.SocialSignInCallbackRoute })),
);
const AgentLayout = lazy(() => import('./layouts/agent-layout').then((m) => ({ default: m.AgentLayout })));
const AgentPage = lazy(() => import('../features/agents/pages/agent-page').then((m) => ({ default: m.AgentPage })));
const AgentHomeRoute = lazy(() => import('./agent-home-route').then((m) => ({ default: m.AgentHomeRoute })));

/** Protected routes are wrapped in the guard, so the rule lives in one place (route-rules.ts). */
const route = (path: string, element: ReactNode) => (
  <Route
    key={path}
    path={path}
    element={isProtectedPath(path) ? <RequireSession>{element}</RequireSession> : element}
  />
);

const { AccountGame, GameCenter, GameListCenter, Lottery, MemberCenter, Promotions, Seamless } = routeGroups;

/**
 * Every route of spec section 2, under the site layout or the separate agent layout. The declarative router (decision 0031): the screens other than home are lazy components, loaded on first visit
 * inside the layout's Suspense boundary.
 */
export const AppRoutes = () => (
  <Routes>
    <Route element={<ShellRoot />}>
      <Route element={<SiteLayout />}>
        {homePaths.map((path) => route(path, <HomeRoute />))}
        {route('/login', <OpenLoginAtHome />)}
        {route('/register', <OpenRegister />)}
        {route('/help', <OpenHelp />)}
        {route('/member', <MemberCenter />)}
        {gameCenterPaths.map((path) => route(path, <GameCenter />))}
        {gameListCenterPaths.map((path) => route(path, <GameListCenter />))}
        {route('/inHouse', <InHouseRoute />)}
        {route('/inHouse/verify', <VerifyPage />)}
        {accountGamePaths.map((path) => route(path, <AccountGame />))}
        {lotteryPaths.map((path) => route(path, <Lottery />))}
        {route('/promotions', <Promotions />)}
        {route('/vip', <VipPage />)}
        {route('/redEnvelope', <RedEnvelopeRoute />)}
        {route('/pointMall', <PointMallPage />)}
        {route('/seamless', <Seamless />)}
        {route('/appDownload', <AppDownloadRoute />)}
        {route('/lines', <LinesRoute />)}
        {route('/chat', <PublicLiveChatPage />)}
        {route(SOCIAL_SIGN_IN_CALLBACK_PATH, <SocialSignInCallbackRoute />)}
        <Route
          path="/chat-rooms/:roomId"
          element={
            <RequireSession>
              <ChatRoomPage />
            </RequireSession>
          }
        />
      </Route>
      <Route element={<AgentLayout />}>
        {route('/agent', <AgentPage />)}
        {route('/agentHome', <AgentHomeRoute />)}
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Route>
  </Routes>
);
