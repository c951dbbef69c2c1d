import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InboxIcon } from '../icons/icons';
import styles from './empty-state.module.css';

export interface EmptyStateProps {
  /** Defaults to the platform's 'in_no_data'. */
  message?: string;
  icon?: ReactNode;
  children?: ReactNode;
}

/** What a list shows when it has nothing: the platform's 'no data' text. */
export const EmptyState = ({ message, icon, children }: EmptyStateProps) => {
  const { t } = useTranslation();
  return (
    <div className={styles.empty} data-testid="empty-state">
      <span className={styles.icon}>{icon ?? <InboxIcon />}</span>
      <p className={styles.message}>{message ?? t('in_no_data')}</p>
      {children}
    </div>
  );
};
