import { useTranslation } from 'react-i18next';
import styles from './audit-details.module.css';

export interface AuditDetailsProps {
  details: Record<string, unknown>;
}

interface Change {
  key: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Before/after pairs: `changes` (merchant updates, per settings section) or a top-level `before`/`after`. */
const changesOf = (details: Record<string, unknown>): Change[] => {
  if (isRecord(details.changes)) {
    return Object.entries(details.changes).map(([key, change]) =>
      isRecord(change)
        ? { key, before: change.before, after: change.after }
        : { key, before: undefined, after: change },
    );
  }
  if ('before' in details || 'after' in details) return [{ key: '', before: details.before, after: details.after }];
  return [];
};

const show = (value: unknown): string => (value === undefined ? '—' : JSON.stringify(value, null, 2));

export const AuditDetails = ({ details }: AuditDetailsProps) => {
  const { t } = useTranslation();
  const changes = changesOf(details);
  const rest = Object.fromEntries(
    Object.entries(details).filter(([key]) => key !== 'changes' && key !== 'before' && key !== 'after'),
  );
  return (
    <div className={styles.details}>
      {changes.map((change) => (
        <div key={change.key || 'change'} className={styles.change}>
          {change.key ? <h4 className={styles.key}>{change.key}</h4> : null}
          <div className={styles.pair}>
            <div>
              <p className={styles.label}>{t('audit.before')}</p>
              <pre className={styles.code}>{show(change.before)}</pre>
            </div>
            <div>
              <p className={styles.label}>{t('audit.after')}</p>
              <pre className={styles.code}>{show(change.after)}</pre>
            </div>
          </div>
        </div>
      ))}
      {Object.keys(rest).length > 0 ? (
        <div>
          <p className={styles.label}>{t('audit.otherDetails')}</p>
          <pre className={styles.code}>{show(rest)}</pre>
        </div>
      ) : null}
      {changes.length === 0 && Object.keys(rest).length === 0 ? (
        <p className={styles.label}>{t('audit.noDetails')}</p>
      ) : null}
    </div>
  );
};
