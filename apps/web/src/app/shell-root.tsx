import { useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { RegisterDialog } from '../features/register/components/register-dialog';
import { LoginDialog } from '../features/session/components/login-dialog';
import { HelpDialog } from '../features/system/components/help-dialog';
import { useShellStore } from '../shared/state/shell-store';
import { LoadingCover } from '../shared/ui/loading-cover/loading-cover';
import { navigateQuietly } from './navigate-quietly';
import { pathAfterDialogClose } from './route-rules';

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

/** The root route: scroll and loading-cover rules for every layout, and the shell's popups. */
export const ShellRoot = () => {
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const activeDialog = useShellStore((state) => state.activeDialog);
  const isCoverShown = useShellStore((state) => state.isLoadingCoverShown);
  const openDialog = useShellStore((state) => state.openDialog);
  const closeDialog = useShellStore((state) => state.closeDialog);
  const hideLoadingCover = useShellStore((state) => state.hideLoadingCover);
  const setSideMenuOpen = useShellStore((state) => state.setSideMenuOpen);

  useScrollOnRouteChange();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each route change, identified by its key.
  useEffect(() => {
    hideLoadingCover();
    setSideMenuOpen(false);
  }, [location.key]);

  const handleClose = () => {
    closeDialog();
    const target = pathAfterDialogClose(location.pathname);
    if (target) navigateQuietly(navigate(target, { replace: true }));
  };
  const handleOpenLogin = () => openDialog('login');
  const handleOpenRegister = () => openDialog('register');

  return (
    <>
      <Outlet />
      <LoginDialog isOpen={activeDialog === 'login'} onClose={handleClose} onRegister={handleOpenRegister} />
      <RegisterDialog isOpen={activeDialog === 'register'} onClose={handleClose} onLogin={handleOpenLogin} />
      <HelpDialog isOpen={activeDialog === 'help'} onClose={handleClose} />
      {navigation.state === 'loading' || isCoverShown ? <LoadingCover /> : null}
    </>
  );
};
