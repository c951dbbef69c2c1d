import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicStore } from '../../../shared/state/public-store';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import { Tabs } from '../../../shared/ui/tabs/tabs';
import { ForgotByEmailForm } from './forgot-by-email-form';
import { ForgotByPhoneForm } from './forgot-by-phone-form';
import styles from './login-dialog.module.css';

type ForgotMethod = 'email' | 'phone';

export interface ForgotPasswordDialogProps {
  isOpen: boolean;
  onClose: () => void;
  onLogin: () => void;
  /** The merchant's forgot-password banner (group w_forget), drawn above the form; the app layer supplies it. */
  banner?: ReactNode;
}

/** Forgot password (spec sections 2 and 4): by e-mail (a reset link) or by phone (SMS code, CHNGPASSVERIF3). */
export const ForgotPasswordDialog = ({ isOpen, onClose, onLogin, banner }: ForgotPasswordDialogProps) => {
  const { t } = useTranslation();
  const hasPhone = usePublicStore((state) => state.whitelabel.CHNGPASSVERIF3 === true);
  const [method, setMethod] = useState<ForgotMethod>('email');
  const active: ForgotMethod = hasPhone ? method : 'email';
  return (
    <Dialog name="forgot-password" isOpen={isOpen} onClose={onClose} title={t('in_retrieve_password')}>
      <div className={styles.body}>
        {banner}
        {hasPhone ? (
          <Tabs
            idPrefix="forgot"
            label={t('in_please_ways')}
            items={[
              { id: 'email', label: t('forgot_by_email') },
              { id: 'phone', label: t('forgot_by_phone') },
            ]}
            activeId={active}
            onSelect={setMethod}
          />
        ) : null}
        <div id="forgot-panel" role="tabpanel" aria-labelledby={hasPhone ? `forgot-tab-${active}` : undefined}>
          {active === 'phone' ? <ForgotByPhoneForm /> : <ForgotByEmailForm onDone={onClose} />}
        </div>
        <p className={styles.switch}>
          <button type="button" className={styles.linkButton} onClick={onLogin}>
            {t('back_to_login')}
          </button>
        </p>
      </div>
    </Dialog>
  );
};
