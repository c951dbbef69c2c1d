import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../api/api-error';
import { Button } from './button';
import styles from './page-state.module.css';

export const LoadingState = () => {
  const { t } = useTranslation();
  return (
    <div className={styles.state} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      {t('common.loading')}
    </div>
  );
};

export interface ErrorStateProps {
  error: unknown;
  onRetry?: () => void;
}

export const ErrorState = ({ error, onRetry }: ErrorStateProps) => {
  const { t } = useTranslation();
  return (
    <div className={styles.state} role="alert">
      <p className={styles.message}>{t(`errors.${errorCodeOf(error)}`, { defaultValue: t('errors.unknown_error') })}</p>
      {onRetry ? <Button onClick={onRetry}>{t('common.retry')}</Button> : null}
    </div>
  );
};

export interface EmptyStateProps {
  message: string;
}

export const EmptyState = ({ message }: EmptyStateProps) => <div className={styles.state}>{message}</div>;
