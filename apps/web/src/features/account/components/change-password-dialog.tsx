import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMemberInfo } from '../../../shared/account/get-member-info';
import { navigateQuietly } from '../../../shared/routing/navigate-quietly';
import { Alert } from '../../../shared/ui/alert/alert';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import formStyles from '../../../shared/ui/form/form.module.css';
import styles from './change-password-dialog.module.css';
import { ChangePasswordForm } from './change-password-form';

export interface ChangePasswordDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** The way out of a forced change: logging out instead. */
  onLogout: () => void;
}

/**
 * The change-password popup. Forced after a login with the default or an expired password (spec section 4):
 * then it cannot be dismissed, asks no old password, and offers logging out instead. Success reloads login
 * info, closes, and goes home.
 */
export const ChangePasswordDialog = ({ isOpen, onClose, onLogout }: ChangePasswordDialogProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const member = useMemberInfo().data;
  const isForced = member?.mustChangePassword === true;

  const handleDone = () => {
    onClose();
    navigateQuietly(navigate('/'));
  };
  const ignoreClose = () => undefined;

  return (
    <Dialog
      name="change-password"
      isOpen={isOpen}
      onClose={isForced ? ignoreClose : onClose}
      hasCloseButton={!isForced}
      title={t('in_changing_security')}
    >
      <div className={styles.body}>
        {isForced ? <Alert tone="warning">{t('in_change_expired')}</Alert> : null}
        {member ? <ChangePasswordForm isForced={isForced} idPrefix="dialog" onDone={handleDone} /> : null}
        {isForced ? (
          <p className={formStyles.switchLine}>
            <button type="button" className={formStyles.linkButton} onClick={onLogout}>
              {t('in_sign_out')}
            </button>
          </p>
        ) : null}
      </div>
    </Dialog>
  );
};
