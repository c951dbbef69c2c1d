import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../shared/ui/dialog/confirm-dialog';

export interface RealAccountDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/** A trial account tried to play or open a centre (spec sections 4 and 6): a real account is needed. */
export const RealAccountDialog = ({ isOpen, onClose }: RealAccountDialogProps) => {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      name="real-account"
      isOpen={isOpen}
      title={t('in_popup_prompt')}
      confirmLabel={t('in_increase_submit')}
      onConfirm={onClose}
      onCancel={onClose}
    >
      {t('in_need_true_account', { ns: 'errors' })}
    </ConfirmDialog>
  );
};
