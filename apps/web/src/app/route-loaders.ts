import { type LoaderFunctionArgs, redirect } from 'react-router';
import { isTrialSession } from '../shared/account/member-session';
import { useShellStore } from '../shared/state/shell-store';
import { hasSessionToken } from '../shared/storage/browser-storage';
import { guardRedirectOf, isTrialBlockedPath } from './route-rules';

/**
 * The login guard: a protected route without a session token goes to /login; a trial account is kept out of
 * the member centre and the lottery pages with the real-account message (spec section 6).
 */
export const requireSession = ({ request }: LoaderFunctionArgs) => {
  const pathname = new URL(request.url).pathname;
  const target = guardRedirectOf(pathname, hasSessionToken());
  if (target) throw redirect(target);
  if (isTrialSession() && isTrialBlockedPath(pathname)) {
    useShellStore.getState().openDialog('realAccount');
    throw redirect('/');
  }
  return null;
};

/** /login: the home lobby with the login popup open; the address becomes /. */
export const openLoginAtHome = () => {
  useShellStore.getState().openDialog('login');
  return redirect('/');
};

/** /register: the home lobby with the register popup open, keeping ?referralCode= for the form. */
export const openRegister = ({ request }: LoaderFunctionArgs) => {
  const referralCode = new URL(request.url).searchParams.get('referralCode')?.trim() || null;
  const shell = useShellStore.getState();
  shell.setReferralCode(referralCode);
  shell.openDialog('register');
  return null;
};

/** /help (optionally #term): the home lobby with the help centre open. */
export const openHelp = () => {
  useShellStore.getState().openDialog('help');
  return null;
};

/** Any unknown address shows the home lobby. */
export const redirectHome = () => redirect('/');
