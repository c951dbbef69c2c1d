import { type ReactNode, useLayoutEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { isTrialSession } from '../shared/account/member-session';
import { navigateQuietly } from '../shared/routing/navigate-quietly';
import { useShellStore } from '../shared/state/shell-store';
import { hasSessionToken } from '../shared/storage/browser-storage';
import { HomeRoute } from './home-route';
import { guardRedirectOf, isTrialBlockedPath } from './route-rules';

/**
 * The login guard: a protected route without a session token goes to /login; a trial account is kept out of
 * the member centre and the lottery pages with the real-account message (spec section 6). Decided at each
 * render of the route, from the token in storage at that moment.
 */
export const RequireSession = ({ children }: { children: ReactNode }) => {
  const { pathname } = useLocation();
  const target = guardRedirectOf(pathname, hasSessionToken());
  const isTrialBlocked = !target && isTrialSession() && isTrialBlockedPath(pathname);
  useLayoutEffect(() => {
    if (isTrialBlocked) useShellStore.getState().openDialog('realAccount');
  }, [isTrialBlocked]);
  if (target) return <Navigate to={target} replace />;
  if (isTrialBlocked) return <Navigate to="/" replace />;
  return children;
};

/** /login: the home lobby with the login popup open; the address becomes /. */
export const OpenLoginAtHome = () => {
  const { key } = useLocation();
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each arrival at /login (its key) opens the popup.
  useLayoutEffect(() => {
    useShellStore.getState().openDialog('login');
    navigateQuietly(navigate('/', { replace: true }));
  }, [key]);
  return <HomeRoute />;
};

/** /register: the home lobby with the register popup open, keeping ?referralCode= and ?affiliateCode= for the form. */
export const OpenRegister = () => {
  const { key, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each arrival at /register (its key) opens the popup.
  useLayoutEffect(() => {
    const query = new URLSearchParams(search);
    const shell = useShellStore.getState();
    shell.setReferralCode(query.get('referralCode')?.trim() || null);
    shell.setAffiliateCode(query.get('affiliateCode')?.trim() || null);
    shell.openDialog('register');
  }, [key]);
  return <HomeRoute />;
};

/** /help (optionally #term): the home lobby with the help centre open. */
export const OpenHelp = () => {
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each arrival at /help (its key) opens the help centre.
  useLayoutEffect(() => {
    useShellStore.getState().openDialog('help');
  }, [key]);
  return <HomeRoute />;
};
