import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button/button';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import styles from './register-dialog.module.css';

export interface RegisterDialogProps {
  isOpen: boolean;
  onClose: () => void;
  onLogin: () => void;
}

/** The register popup (spec section 2 "Modals"). Its form arrives with the accounts issue. */
export const RegisterDialog = ({ isOpen, onClose, onLogin }: RegisterDialogProps) => {
  const { t } = useTranslation();
  return (
    <Dialog name="register" isOpen={isOpen} onClose={onClose} title={t('hd_sign_button')}>
      <p className={styles.switch}>
        <span>{t('in_already_account')}</span>
        <Button variant="outline" size="sm" onClick={onLogin}>
          {t('hd_login_button')}
        </Button>
      </p>
    </Dialog>
  );
};
