import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { usePublicStore } from '../../../shared/state/public-store';
import { Button } from '../../../shared/ui/button/button';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import { Tabs } from '../../../shared/ui/tabs/tabs';
import { TextDivider } from '../../../shared/ui/text-divider/text-divider';
import { useLoginFlowStore } from '../login-flow-store';
import { FreePlayButton } from './free-play-button';
import styles from './login-dialog.module.css';
import { LoginVerifyStep } from './login-verify-step';
import { PasswordLoginForm } from './password-login-form';
import { SmsLoginForm } from './sms-login-form';

type LoginTab = 'username' | 'sms';

export interface LoginDialogProps {
  isOpen: boolean;
  onClose: () => void;
  onRegister: () => void;
  onForgotPassword: () => void;
  /** The merchant's login banner (group w_login), drawn above the form; the app layer supplies it. */
  banner?: ReactNode;
  /** The merchant's social sign-in buttons; the app layer supplies them. */
  socialSignIn?: ReactNode;
}

/**
 * The login popup (spec section 2 "Modals", section 4 "Login flow"): username and SMS tabs as the whitelabel
 * flags say, the verification step for a new IP or two-factor, and free play. On /agent it logs agents in.
 */
export const LoginDialog = ({
  isOpen,
  onClose,
  onRegister,
  onForgotPassword,
  banner,
  socialSignIn,
}: LoginDialogProps) => {
  const { t } = useTranslation();
  const location = useLocation();
  const whitelabel = usePublicStore((state) => state.whitelabel);
  const pending = useLoginFlowStore((state) => state.pending);
  const clearPending = useLoginFlowStore((state) => state.clearPending);
  const [tab, setTab] = useState<LoginTab>('username');
  const agentLogin = location.pathname.replace(/\/+$/, '').toLowerCase() === '/agent';
  const hasSms = whitelabel.MOBILEVERCODELOGIN3 === true;
  const activeTab: LoginTab = hasSms ? tab : 'username';

  const handleClose = () => {
    clearPending();
    onClose();
  };

  return (
    <Dialog
      name="login"
      isOpen={isOpen}
      onClose={handleClose}
      title={pending ? t('login_2fa_pass') : t(agentLogin ? 'agent_login' : 'hd_login_button')}
    >
      {pending ? (
        <LoginVerifyStep pending={pending} onBack={clearPending} />
      ) : (
        <div className={styles.body}>
          {banner}
          {hasSms ? (
            <Tabs
              idPrefix="login"
              label={t('in_login_way')}
              items={[
                { id: 'username', label: t('in_account_login') },
                { id: 'sms', label: t('in_sms_login') },
              ]}
              activeId={activeTab}
              onSelect={setTab}
            />
          ) : null}
          <div id="login-panel" role="tabpanel" aria-labelledby={hasSms ? `login-tab-${activeTab}` : undefined}>
            {activeTab === 'sms' ? (
              <SmsLoginForm agentLogin={agentLogin} />
            ) : (
              <PasswordLoginForm agentLogin={agentLogin} onForgotPassword={onForgotPassword} />
            )}
          </div>
          {agentLogin ? null : socialSignIn}
          {whitelabel.FREEPLAY3 === true && !agentLogin ? (
            <>
              <TextDivider>{t('in_or')}</TextDivider>
              <FreePlayButton />
            </>
          ) : null}
          <p className={styles.switch}>
            <span>{t('no_account')}</span>
            <Button variant="outline" size="sm" onClick={onRegister}>
              {t('in_register_now')}
            </Button>
          </p>
        </div>
      )}
    </Dialog>
  );
};
