import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog';

export interface UnsavedChangesGuardProps {
  isDirty: boolean;
}

/** Asks before leaving the page (in the app or by closing the tab) with unsaved changes. */
export const UnsavedChangesGuard = ({ isDirty }: UnsavedChangesGuardProps) => {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!isDirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [isDirty]);

  return (
    <ConfirmDialog
      isOpen={blocker.state === 'blocked'}
      title={t('settings.leaveTitle')}
      confirmLabel={t('settings.leave')}
      tone="danger"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <p>{t('settings.leaveText')}</p>
    </ConfirmDialog>
  );
};
