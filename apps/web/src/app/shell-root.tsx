import { Suspense, useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useShellStore } from '../shared/state/shell-store';
import { LoadingCover } from '../shared/ui/loading-cover/loading-cover';
import { RouteErrorBoundary } from './route-error-page';
import { ShellDialogs } from './shell-dialogs';
import { useMemberSessionStart } from './use-member-session-start';
import { useRealtimeSession } from './use-realtime-session';

/** Scrolls to the element the hash names, or to the top, after each route change (spec section 2). */
const useScrollOnRouteChange = () => {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation (its key) scrolls, even to the same address.
  useLayoutEffect(() => {
    const id = location.hash ? decodeURIComponent(location.hash.slice(1)) : '';
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView({ block: 'start' });
    else window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [location.key]);
};

/**
 * The root route: scroll and loading-cover rules for every layout, and the shell's popups. A layout whose code
 * is still loading shows the loading cover; a route that cannot render shows the route error page until the
 * next navigation.
 */
export const ShellRoot = () => {
  const location = useLocation();
  const isCoverShown = useShellStore((state) => state.isLoadingCoverShown);
  const hideLoadingCover = useShellStore((state) => state.hideLoadingCover);
  const setSideMenuOpen = useShellStore((state) => state.setSideMenuOpen);

  useScrollOnRouteChange();
  useMemberSessionStart();
  useRealtimeSession();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each route change, identified by its key.
  useEffect(() => {
    hideLoadingCover();
    setSideMenuOpen(false);
  }, [location.key]);

  return (
    <>
      <RouteErrorBoundary resetKey={location.key}>
        <Suspense fallback={<LoadingCover />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
      <ShellDialogs />
      {isCoverShown ? <LoadingCover /> : null}
    </>
  );
};
