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

/** What ListStates needs of a list query (TanStack Query's result fits): a page `{ list }` or a plain array. */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: { list: readonly unknown[] } | readonly unknown[] | undefined;
  refetch: () => unknown;
}

const isEmptyList = (data: ListQuery['data']): boolean =>
  data !== undefined && ('list' in data ? data.list.length === 0 : data.length === 0);

/** The loading, error (with retry) and empty states of a list; the list itself renders beside it. */
export const ListStates = ({ query, emptyMessage }: { query: ListQuery; emptyMessage: string }) => (
  <>
    {query.isPending ? <LoadingState /> : null}
    {query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null}
    {isEmptyList(query.data) ? <EmptyState message={emptyMessage} /> : null}
  </>
);
