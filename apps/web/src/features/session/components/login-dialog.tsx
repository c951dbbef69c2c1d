import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button/button';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import styles from './login-dialog.module.css';

export interface LoginDialogProps {
  isOpen: boolean;
  onClose: () => void;
  onRegister: () => void;
}

/** The login popup (spec section 2 "Modals"). Its form arrives with the accounts issue. */
export const LoginDialog = ({ isOpen, onClose, onRegister }: LoginDialogProps) => {
  const { t } = useTranslation();
  return (
    <Dialog name="login" isOpen={isOpen} onClose={onClose} title={t('hd_login_button')}>
      <p className={styles.switch}>
        <span>{t('no_account')}</span>
        <Button variant="outline" size="sm" onClick={onRegister}>
          {t('in_register_now')}
        </Button>
      </p>
    </Dialog>
  );
};
