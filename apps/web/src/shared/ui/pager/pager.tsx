import { useTranslation } from 'react-i18next';
import { Button } from '../button/button';
import styles from './pager.module.css';

export interface PagerProps {
  pageNo: number;
  totalPages: number;
  onChange: (pageNo: number) => void;
  isBusy?: boolean;
}

/** Previous and next for a paged list; hidden when there is only one page. */
export const Pager = ({ pageNo, totalPages, onChange, isBusy = false }: PagerProps) => {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t('pager_label')} data-pager="">
      <Button variant="secondary" size="sm" disabled={isBusy || pageNo <= 1} onClick={() => onChange(pageNo - 1)}>
        {t('pager_previous')}
      </Button>
      <span className={styles.position} aria-live="polite">
        {t('pager_position', { page: pageNo, total: totalPages })}
      </span>
      <Button
        variant="secondary"
        size="sm"
        disabled={isBusy || pageNo >= totalPages}
        onClick={() => onChange(pageNo + 1)}
      >
        {t('pager_next')}
      </Button>
    </nav>
  );
};
