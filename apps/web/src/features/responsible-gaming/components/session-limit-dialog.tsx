import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { useShellStore } from '../../../shared/state/shell-store';
import { ConfirmDialog } from '../../../shared/ui/dialog/confirm-dialog';

/**
 * The notice of a reached session-time limit (decision 0069): the member was signed out, or its sign-in refused,
 * and can play again when the period turns.
 */
export const SessionLimitDialog = () => {
  const { t } = useTranslation('responsible-gaming');
  const formatDateTime = useFormatDateTime();
  const reached = useShellStore((state) => state.sessionLimit);
  const closeDialog = useShellStore((state) => state.closeDialog);
  if (!reached) return null;
  return (
    <ConfirmDialog
      name="session-limit"
      isOpen
      title={t('session_limit_title')}
      confirmLabel={t('session_limit_ok')}
      onConfirm={closeDialog}
      onCancel={closeDialog}
    >
      <p data-session-limit="">
        {t(`session_limit_text_${reached.period}`, { date: formatDateTime(reached.resumesAt) })}
      </p>
    </ConfirmDialog>
  );
};
