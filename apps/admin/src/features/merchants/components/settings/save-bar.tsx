import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../../shared/i18n/i18n';
import { Button } from '../../../../shared/ui/button';
import styles from './save-bar.module.css';

export interface SaveBarProps {
  isReadOnly: boolean;
  isDirty: boolean;
  isSaving: boolean;
  version: number;
  updatedAt: string;
  /** The version the last save produced, to confirm it. */
  savedVersion: number | null;
  hasErrors: boolean;
  onDiscard: () => void;
}

export const SaveBar = ({
  isReadOnly,
  isDirty,
  isSaving,
  version,
  updatedAt,
  savedVersion,
  hasErrors,
  onDiscard,
}: SaveBarProps) => {
  const { t } = useTranslation();
  const updated = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(
    Date.parse(updatedAt),
  );
  const status = isReadOnly
    ? t('settings.readOnly')
    : isDirty
      ? t('settings.unsaved')
      : savedVersion !== null
        ? t('settings.saved', { version: savedVersion })
        : t('settings.upToDate', { version, updated });
  return (
    <div className={styles.bar} data-dirty={isDirty || undefined} data-errors={hasErrors || undefined}>
      <p className={styles.status} aria-live="polite" data-testid="save-status">
        {status}
      </p>
      {isReadOnly ? null : (
        <div className={styles.actions}>
          <Button onClick={onDiscard} disabled={!isDirty || isSaving}>
            {t('settings.discard')}
          </Button>
          <Button type="submit" variant="primary" isBusy={isSaving} disabled={!isDirty}>
            {t('settings.save')}
          </Button>
        </div>
      )}
    </div>
  );
};
