import type { FieldError } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { type SettingsSection, settingsSections } from '../../lib/settings-sections';
import styles from './save-problems.module.css';

export interface SaveProblemsProps {
  errorCode: string | null;
  errorCounts: Partial<Record<SettingsSection, number>>;
  /** Field errors the server named that no field of the form shows. */
  unmatched: readonly FieldError[];
  onReload: () => void;
}

/** Why the last save failed: a conflict to reload, or which sections hold the field errors. */
export const SaveProblems = ({ errorCode, errorCounts, unmatched, onReload }: SaveProblemsProps) => {
  const { t } = useTranslation();
  if (errorCode === null) return null;
  if (errorCode === 'conflict') {
    return (
      <Alert
        tone="warning"
        title={t('errors.conflict')}
        action={
          <Button variant="primary" onClick={onReload}>
            {t('settings.reloadLatest')}
          </Button>
        }
      >
        {t('settings.conflictText')}
      </Alert>
    );
  }
  const sectionsWithErrors = settingsSections.filter((section) => (errorCounts[section] ?? 0) > 0);
  const total = sectionsWithErrors.reduce((sum, section) => sum + (errorCounts[section] ?? 0), 0) + unmatched.length;
  if (errorCode === 'validation_failed' && total > 0) {
    return (
      <Alert tone="danger" title={t('settings.invalidTitle', { count: total })}>
        <ul className={styles.list}>
          {sectionsWithErrors.map((section) => (
            <li key={section}>
              <a href={`#section-${section}`}>{t(`settings.${section}.title`)}</a>
              {` (${errorCounts[section]})`}
            </li>
          ))}
          {unmatched.map((error) => (
            <li key={`${error.path}:${error.code}`}>
              <code>{error.path}</code>:{' '}
              {t(`fieldErrors.${error.code}`, { ...error.params, defaultValue: t('fieldErrors.field_invalid') })}
            </li>
          ))}
        </ul>
      </Alert>
    );
  }
  return <Alert tone="danger" title={t(`errors.${errorCode}`, { defaultValue: t('errors.unknown_error') })} />;
};
