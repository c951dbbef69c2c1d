import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';

export interface HelpDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/** The help centre popup (/help, optionally #term). Its articles come from the help-centre endpoint later. */
export const HelpDialog = ({ isOpen, onClose }: HelpDialogProps) => {
  const { t } = useTranslation();
  return (
    <Dialog name="help" isOpen={isOpen} onClose={onClose} title={t('in_help_center')} size="lg">
      <EmptyState />
    </Dialog>
  );
};
