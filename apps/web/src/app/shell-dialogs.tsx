import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PendingOfferGate } from '../features/agent-contracts/components/pending-offer-gate';
import { AnnouncementPopupGate } from '../features/content/components/announcement-popup-gate';
import type { DialogBannerGroup } from '../features/content/components/dialog-banner';
import { RgPromptsGate } from '../features/responsible-gaming/components/rg-prompts-gate';
import { useLogout } from '../features/session/use-logout';
import { useSiteConfig } from '../features/system/api/get-system-status';
import { navigateQuietly } from '../shared/routing/navigate-quietly';
import { type ShellDialog, useShellStore } from '../shared/state/shell-store';
import { LoadingCover } from '../shared/ui/loading-cover/loading-cover';
import { isWagerPath, pathAfterDialogClose } from './route-rules';

type DialogBannerComponent = typeof import('../features/content/components/dialog-banner')['DialogBanner'];
/** Set when an account dialog's code has arrived: the banner's code comes with it (see withBanner). */
let LoadedDialogBanner: DialogBannerComponent | null = null;

/**
 * Loads an account dialog together with the banner drawn on top of it (spec section 3 "Banner"), so neither is in
 * the first load and the dialog appears whole, banner included.
 */
const withBanner = async <C,>(dialog: Promise<C>): Promise<{ default: C }> => {
  const [loaded, banner] = await Promise.all([dialog, import('../features/content/components/dialog-banner')]);
  LoadedDialogBanner = banner.DialogBanner;
  return { default: loaded };
};

/**
 * The group's banner for an account dialog; following its link to a page of the site closes the dialog. A
 * component, so that it reads the loaded banner when the dialog renders it (after its code has arrived), not when
 * the shell creates the dialog's element.
 */
const AccountDialogBanner = ({ group, onFollowRoute }: { group: DialogBannerGroup; onFollowRoute: () => void }) =>
  LoadedDialogBanner ? <LoadedDialogBanner group={group} onFollowRoute={onFollowRoute} /> : null;

/**
 * Each popup's code (its forms, react-hook-form, the sealing and bot-check code they use) is a chunk of its own,
 * fetched when the popup first opens or when a control that opens it is pointed at (preloadShellDialog), so
 * none of it is part of the first load of a page.
 */
const dialogLoaders = {
  login: () => withBanner(import('../features/session/components/login-dialog').then((m) => m.LoginDialog)),
  register: () => withBanner(import('../features/register/components/register-dialog').then((m) => m.RegisterDialog)),
  forgotPassword: () =>
    withBanner(import('../features/session/components/forgot-password-dialog').then((m) => m.ForgotPasswordDialog)),
  resetPassword: () =>
    import('../features/session/components/reset-password-dialog').then((m) => ({ default: m.ResetPasswordDialog })),
  changePassword: () =>
    import('../features/account/components/change-password-dialog').then((m) => ({
      default: m.ChangePasswordDialog,
    })),
  afterLogin: () =>
    import('../features/session/components/after-login-dialog').then((m) => ({ default: m.AfterLoginDialog })),
  realAccount: () =>
    import('../features/session/components/real-account-dialog').then((m) => ({ default: m.RealAccountDialog })),
  help: () => import('../features/content/components/help-dialog').then((m) => ({ default: m.HelpDialog })),
  notice: () => import('../features/content/components/notice-dialog').then((m) => ({ default: m.NoticeDialog })),
  chatRoom: () =>
    import('../features/chat-rooms/components/chat-room-dialog').then((m) => ({ default: m.ChatRoomDialog })),
  sessionLimit: () =>
    import('../features/responsible-gaming/components/session-limit-dialog').then((m) => ({
      default: m.SessionLimitDialog,
    })),
};

/** Starts fetching a popup's code ahead of the click (pointer over, focus or touch on what opens it). */
export const preloadShellDialog = (dialog: ShellDialog): void => {
  void dialogLoaders[dialog]().catch(() => undefined);
};

const LoginDialog = lazy(dialogLoaders.login);
const RegisterDialog = lazy(dialogLoaders.register);
const ForgotPasswordDialog = lazy(dialogLoaders.forgotPassword);
const ResetPasswordDialog = lazy(dialogLoaders.resetPassword);
const ChangePasswordDialog = lazy(dialogLoaders.changePassword);
const AfterLoginDialog = lazy(dialogLoaders.afterLogin);
const RealAccountDialog = lazy(dialogLoaders.realAccount);
const HelpDialog = lazy(dialogLoaders.help);
const NoticeDialog = lazy(dialogLoaders.notice);
const SessionLimitDialog = lazy(dialogLoaders.sessionLimit);
const ChatRoomDialog = lazy(dialogLoaders.chatRoom);
const SocialSignInButtons = lazy(() =>
  import('../features/social-sign-in/components/social-sign-in-buttons').then((m) => ({
    default: m.SocialSignInButtons,
  })),
);
/** The social sign-in buttons inside an account dialog; their own small chunk, nothing while it loads. */
const socialSignIn = (
  <Suspense fallback={null}>
    <SocialSignInButtons />
  </Suspense>
);

/**
 * The shell's popups (spec section 2 "Modals"), one open at a time, opened by name through the shell store; the
 * announcement popup and, after login, the contract popup on every page (a pending offer, api-facts 10).
 */
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

  const dialogOf = (dialog: ShellDialog) => {
    switch (dialog) {
      case 'login':
        return (
          <LoginDialog
            isOpen
            onClose={handleClose}
            onRegister={handleOpenRegister}
            onForgotPassword={handleOpenForgot}
            banner={<AccountDialogBanner group="w_login" onFollowRoute={closeDialog} />}
            socialSignIn={socialSignIn}
          />
        );
      case 'register':
        return (
          <RegisterDialog
            isOpen
            onClose={handleClose}
            onLogin={handleOpenLogin}
            banner={<AccountDialogBanner group="w_reg" onFollowRoute={closeDialog} />}
            socialSignIn={socialSignIn}
          />
        );
      case 'forgotPassword':
        return (
          <ForgotPasswordDialog
            isOpen
            onClose={handleClose}
            onLogin={handleOpenLogin}
            banner={<AccountDialogBanner group="w_forget" onFollowRoute={closeDialog} />}
          />
        );
      case 'resetPassword':
        return (
          <ResetPasswordDialog isOpen token={resetToken} onClose={handleClose} onForgotPassword={handleOpenForgot} />
        );
      case 'changePassword':
        return <ChangePasswordDialog isOpen onClose={handleClose} onLogout={handleLogout} />;
      case 'afterLogin':
        return <AfterLoginDialog isOpen siteName={siteName} onClose={handleClose} />;
      case 'realAccount':
        return <RealAccountDialog isOpen onClose={handleClose} />;
      case 'help':
        return <HelpDialog isOpen onClose={handleClose} />;
      case 'notice':
        return <NoticeDialog isOpen onClose={handleClose} />;
      case 'sessionLimit':
        return <SessionLimitDialog />;
      case 'chatRoom':
        return <ChatRoomDialog isOpen onClose={closeDialog} />;
    }
  };

  return (
    <>
      {activeDialog ? (
        // Keyed by name: one popup replacing another mounts afresh, as the eager ones did.
        <Suspense key={activeDialog} fallback={<LoadingCover />}>
          {dialogOf(activeDialog)}
        </Suspense>
      ) : null}
      <AnnouncementPopupGate />
      <PendingOfferGate isBlocked={activeDialog !== null} />
      <RgPromptsGate isBlocked={activeDialog !== null} isWagerPage={isWagerPath} />
    </>
  );
};
