import { type LoaderFunctionArgs, redirect } from 'react-router';
import { useShellStore } from '../shared/state/shell-store';
import { hasSessionToken } from '../shared/storage/browser-storage';
import { guardRedirectOf } from './route-rules';

/** The login guard: a protected route without a session token goes to /login. */
export const requireSession = ({ request }: LoaderFunctionArgs) => {
  const target = guardRedirectOf(new URL(request.url).pathname, hasSessionToken());
  if (target) throw redirect(target);
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
