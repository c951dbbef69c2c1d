import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMemberInfo } from '../../../shared/account/get-member-info';
import { usePublicStore } from '../../../shared/state/public-store';
import { Button } from '../../../shared/ui/button/button';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import styles from './login-dialog.module.css';

export interface AfterLoginDialogProps {
  isOpen: boolean;
  siteName: string;
  onClose: () => void;
}

/** Shown once a login completes (spec section 4, step 4): a welcome, and the way to the member's account. */
export const AfterLoginDialog = ({ isOpen, siteName, onClose }: AfterLoginDialogProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const member = useMemberInfo().data;
  const isTrial = usePublicStore((state) => state.isTrial);
  const firstTimeLogin = usePublicStore((state) => state.firstTimeLogin);
  const name = member?.nickname || member?.account || '';

  const handleAccount = () => {
    onClose();
    navigate('/member');
  };

  const text = isTrial ? 'after_login_trial' : firstTimeLogin ? 'after_login_first' : 'after_login_back';

  return (
    <Dialog name="after-login" isOpen={isOpen} onClose={onClose} title={t('login_success')} size="sm">
      <div className={styles.welcome}>
        <span className={styles.avatar} aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <p className={styles.welcomeTitle}>{t('welcome_member', { name })}</p>
        <p className={styles.welcomeText}>{t(text, { site: siteName })}</p>
        <div className={styles.buttons}>
          {isTrial ? null : (
            <Button variant="secondary" onClick={handleAccount}>
              {t('in_my_account')}
            </Button>
          )}
          <Button onClick={onClose} data-autofocus="">
            {t('start_playing')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
};
