import { useLocation, useNavigate } from 'react-router';
import { AnnouncementPopup } from '../features/content/components/announcement-popup';
import { HelpDialog } from '../features/content/components/help-dialog';
import { NoticeDialog } from '../features/content/components/notice-dialog';
import { ChangePasswordDialog } from '../features/member/components/change-password-dialog';
import { RegisterDialog } from '../features/register/components/register-dialog';
import { AfterLoginDialog } from '../features/session/components/after-login-dialog';
import { ForgotPasswordDialog } from '../features/session/components/forgot-password-dialog';
import { LoginDialog } from '../features/session/components/login-dialog';
import { RealAccountDialog } from '../features/session/components/real-account-dialog';
import { ResetPasswordDialog } from '../features/session/components/reset-password-dialog';
import { useLogout } from '../features/session/use-logout';
import { useSiteConfig } from '../features/system/api/get-system-status';
import { navigateQuietly } from '../shared/routing/navigate-quietly';
import { useShellStore } from '../shared/state/shell-store';
import { pathAfterDialogClose } from './route-rules';

/** The shell's popups (spec section 2 "Modals"), one open at a time, opened by name through the shell store. */
export const ShellDialogs = () => {
  const location = useLocation();
  const navigate = useNavigate();
  const siteName = useSiteConfig().info.site.name;
  const activeDialog = useShellStore((state) => state.activeDialog);
  const resetToken = useShellStore((state) => state.resetToken);
  const openDialog = useShellStore((state) => state.openDialog);
  const closeDialog = useShellStore((state) => state.closeDialog);
  const logout = useLogout();

  const handleClose = () => {
    closeDialog();
    const target = pathAfterDialogClose(location.pathname);
    if (target) navigateQuietly(navigate(target, { replace: true }));
  };
  const handleOpenLogin = () => openDialog('login');
  const handleOpenRegister = () => openDialog('register');
  const handleOpenForgot = () => openDialog('forgotPassword');
  const handleLogout = () => void logout();

  return (
    <>
      <LoginDialog
        isOpen={activeDialog === 'login'}
        onClose={handleClose}
        onRegister={handleOpenRegister}
        onForgotPassword={handleOpenForgot}
      />
      <RegisterDialog isOpen={activeDialog === 'register'} onClose={handleClose} onLogin={handleOpenLogin} />
      <ForgotPasswordDialog
        isOpen={activeDialog === 'forgotPassword'}
        onClose={handleClose}
        onLogin={handleOpenLogin}
      />
      <ResetPasswordDialog
        isOpen={activeDialog === 'resetPassword'}
        token={resetToken}
        onClose={handleClose}
        onForgotPassword={handleOpenForgot}
      />
      <ChangePasswordDialog isOpen={activeDialog === 'changePassword'} onClose={handleClose} onLogout={handleLogout} />
      <AfterLoginDialog isOpen={activeDialog === 'afterLogin'} siteName={siteName} onClose={handleClose} />
      <RealAccountDialog isOpen={activeDialog === 'realAccount'} onClose={handleClose} />
      <HelpDialog isOpen={activeDialog === 'help'} onClose={handleClose} />
      <NoticeDialog isOpen={activeDialog === 'notice'} onClose={handleClose} />
      <AnnouncementPopup />
    </>
  );
};
