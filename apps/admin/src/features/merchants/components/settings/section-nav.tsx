import { useTranslation } from 'react-i18next';
import type { SettingsSection } from '../../lib/settings-sections';
import { settingsSections } from '../../lib/settings-sections';
import styles from './section-nav.module.css';

export interface SectionNavProps {
  errorCounts: Partial<Record<SettingsSection, number>>;
}

/** Jumps to a section; a section holding errors shows how many. */
export const SectionNav = ({ errorCounts }: SectionNavProps) => {
  const { t } = useTranslation();
  return (
    <nav className={styles.nav} aria-label={t('settings.sectionsLabel')}>
      <ul className={styles.list}>
        {settingsSections.map((section) => {
          const count = errorCounts[section] ?? 0;
          return (
            <li key={section}>
              <a
                className={styles.link}
                href={`#section-${section}`}
                data-has-errors={count > 0 || undefined}
                onClick={(event) => {
                  event.preventDefault();
                  document.getElementById(`section-${section}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                }}
              >
                <span>{t(`settings.${section}.nav`)}</span>
                {count > 0 ? (
                  <span className={styles.count}>
                    <span aria-hidden="true">{count}</span>
                    <span className="visually-hidden">{t('settings.errorCount', { count })}</span>
                  </span>
                ) : null}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
};
