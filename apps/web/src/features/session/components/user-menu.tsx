import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMemberInfo } from '../../../shared/account/get-member-info';
import { useUnreadMessages } from '../../../shared/account/unread-messages';
import { usePublicStore } from '../../../shared/state/public-store';
import { useShellStore } from '../../../shared/state/shell-store';
import { CountBadge } from '../../../shared/ui/count-badge/count-badge';
import { ConfirmDialog } from '../../../shared/ui/dialog/confirm-dialog';
import {
  ChevronDownIcon,
  CoinsIcon,
  LogOutIcon,
  MailIcon,
  ShieldIcon,
  UsersIcon,
} from '../../../shared/ui/icons/icons';
import { useLogout } from '../use-logout';
import styles from './user-menu.module.css';

/** Keeps an id or a number left to right inside a sentence of either direction (Unicode isolates). */
const ltr = (text: string) => `\u2066${text}\u2069`;

/** An entry another feature adds to the dropdown: a link with its icon and label, which the app layer hands in. */
export interface UserMenuLink {
  name: string;
  to: string;
  icon: ReactNode;
  label: ReactNode;
}

export interface UserMenuProps {
  /** The VIP feature's label, shown beside the account (from 640 px) and under the user id. */
  vipLabel?: ReactNode;
  /** Links after "My account" (the points mall with the current points); not for trial accounts. */
  links?: readonly UserMenuLink[];
}

/**
 * The header when logged in (spec section 2): avatar, account, user id and VIP label, and a dropdown with my
 * account, messages (with the unread count; not for trial accounts), agent (for agents), manual rebate (when
 * MANUALREBATE3 is on; not for trial accounts), the links other features add (the points mall with the current
 * points) and sign out, which asks for confirmation first. The balance and the
 * VIP label belong to the money and promotions features; the app layer hands the label in.
 */
export const UserMenu = ({ vipLabel, links = [] }: UserMenuProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const member = useMemberInfo().data;
  const isAgent = usePublicStore((state) => state.isAgent);
  const isTrial = usePublicStore((state) => state.isTrial);
  const isRebateOn = usePublicStore((state) => state.whitelabel.MANUALREBATE3 === true);
  const unread = useUnreadMessages();
  const openDialog = useShellStore((state) => state.openDialog);
  const logout = useLogout();
  const [isOpen, setOpen] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const [isLoggingOut, setLoggingOut] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!isOpen) return;
    const handlePointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', handlePointer);
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('pointerdown', handlePointer);
      document.removeEventListener('keydown', handleKey);
    };
  }, [isOpen]);

  if (!member) return null;
  const initial = (member.nickname || member.account).slice(0, 1).toUpperCase();

  const handleMyAccount = () => {
    setOpen(false);
    if (isTrial) openDialog('realAccount');
    else navigate('/member');
  };
  const handleMessages = () => {
    setOpen(false);
    navigate('/member?page=messageV2');
  };
  const handleAgent = () => {
    setOpen(false);
    navigate('/agentHome');
  };
  const handleRebate = () => {
    setOpen(false);
    navigate('/member?page=manualRebate');
  };
  const handleSignOut = () => {
    setOpen(false);
    setConfirming(true);
  };
  const handleConfirm = async () => {
    setLoggingOut(true);
    try {
      await logout();
    } finally {
      setLoggingOut(false);
      setConfirming(false);
    }
  };

  return (
    <div className={styles.menu} ref={rootRef} data-user-menu="">
      <button
        type="button"
        className={styles.trigger}
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setOpen((open) => !open)}
      >
        <span className={styles.avatar} aria-hidden="true">
          {initial}
          {unread > 0 ? <span className={styles.unreadDot} data-unread-dot="" /> : null}
        </span>
        <span className={styles.account}>{member.account}</span>
        {vipLabel ? <span className={styles.triggerVip}>{vipLabel}</span> : null}
        <ChevronDownIcon className={styles.chevron} />
      </button>
      {isOpen ? (
        <div id={listId} className={styles.panel}>
          <div className={styles.identity}>
            <span className={styles.avatarLarge} aria-hidden="true">
              {initial}
            </span>
            <div className={styles.identityText}>
              <p className={styles.identityAccount}>{member.account}</p>
              <p className={styles.identityId} title={member.id}>
                {t('user_id', { id: ltr(member.id) })}
              </p>
              {vipLabel ? <div className={styles.identityVip}>{vipLabel}</div> : null}
              {isTrial ? <p className={styles.badge}>{t('trial_account')}</p> : null}
            </div>
          </div>
          <ul className={styles.list}>
            <li>
              <button type="button" className={styles.item} onClick={handleMyAccount}>
                <ShieldIcon />
                {t('in_my_account')}
              </button>
            </li>
            {isTrial
              ? null
              : links.map((link) => (
                  <li key={link.name}>
                    <button
                      type="button"
                      className={styles.item}
                      data-menu-item={link.name}
                      onClick={() => {
                        setOpen(false);
                        navigate(link.to);
                      }}
                    >
                      {link.icon}
                      {link.label}
                    </button>
                  </li>
                ))}
            {isTrial ? null : (
              <li>
                <button type="button" className={styles.item} onClick={handleMessages} data-menu-item="messages">
                  <MailIcon />
                  {t('hd_messages')}
                  {unread > 0 ? (
                    <CountBadge
                      count={unread}
                      label={t('hd_unread_messages', { count: unread })}
                      data-unread-count=""
                    />
                  ) : null}
                </button>
              </li>
            )}
            {isAgent ? (
              <li>
                <button type="button" className={styles.item} onClick={handleAgent}>
                  <UsersIcon />
                  {t('hd_agent')}
                </button>
              </li>
            ) : null}
            {isRebateOn && !isTrial ? (
              <li>
                <button type="button" className={styles.item} onClick={handleRebate} data-menu-item="manual-rebate">
                  <CoinsIcon />
                  {t('manual_rebate')}
                </button>
              </li>
            ) : null}
            <li>
              <button type="button" className={styles.item} onClick={handleSignOut}>
                <LogOutIcon />
                {t('in_sign_out')}
              </button>
            </li>
          </ul>
        </div>
      ) : null}
      <ConfirmDialog
        name="logout"
        isOpen={isConfirming}
        title={t('in_popup_prompt')}
        confirmLabel={t('in_sign_out')}
        cancelLabel={t('in_more_cancel')}
        isBusy={isLoggingOut}
        onConfirm={handleConfirm}
        onCancel={() => setConfirming(false)}
      >
        {t('in_sure_logout')}
      </ConfirmDialog>
    </div>
  );
};
