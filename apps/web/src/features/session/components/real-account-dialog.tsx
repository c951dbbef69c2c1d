import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShellStore } from '../../../shared/state/shell-store';
import { ConfirmDialog } from '../../../shared/ui/dialog/confirm-dialog';
import { useLogout } from '../use-logout';

export interface RealAccountDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/**
 * A trial account tried to play or open a centre (spec sections 4 and 6): a real account is needed. The message
 * is the spec's `in_need_true_account` with its confirm label `in_increase_submit`, and confirming leads to
 * registration: the trial session ends (a real account cannot be made inside it) and the register popup opens.
 */
export const RealAccountDialog = ({ isOpen, onClose }: RealAccountDialogProps) => {
  const { t } = useTranslation();
  const logout = useLogout();
  const openDialog = useShellStore((state) => state.openDialog);
  const [isBusy, setBusy] = useState(false);
  const handleRegister = async () => {
    setBusy(true);
    try {
      await logout();
    } finally {
      setBusy(false);
    }
    openDialog('register');
  };
  return (
    <ConfirmDialog
      name="real-account"
      isOpen={isOpen}
      title={t('in_register_now')}
      confirmLabel={t('in_increase_submit')}
      cancelLabel={t('in_more_cancel')}
      isBusy={isBusy}
      onConfirm={() => void handleRegister()}
      onCancel={onClose}
    >
      {t('in_need_true_account', { ns: 'errors' })}
    </ConfirmDialog>
  );
};
