import { useTranslation } from 'react-i18next';
import { Button } from './button';
import styles from './pagination.module.css';

export interface PaginationProps {
  pageNo: number;
  totalPages: number;
  onChange: (pageNo: number) => void;
  isDisabled?: boolean;
}

export const Pagination = ({ pageNo, totalPages, onChange, isDisabled = false }: PaginationProps) => {
  const { t } = useTranslation();
  return (
    <nav className={styles.pagination} aria-label={t('pagination.label')}>
      <Button size="sm" disabled={isDisabled || pageNo <= 1} onClick={() => onChange(pageNo - 1)}>
        {t('pagination.previous')}
      </Button>
      <span className={styles.status} aria-live="polite">
        {t('pagination.status', { pageNo, totalPages })}
      </span>
      <Button size="sm" disabled={isDisabled || pageNo >= totalPages} onClick={() => onChange(pageNo + 1)}>
        {t('pagination.next')}
      </Button>
    </nav>
  );
};
