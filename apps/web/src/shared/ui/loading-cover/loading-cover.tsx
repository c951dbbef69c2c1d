import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../visually-hidden/visually-hidden';
import styles from './loading-cover.module.css';

/** The full-page cover shown while the site starts and while a route's code loads. */
export const LoadingCover = () => {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <div className={styles.cover} role="status" aria-live="polite" data-testid="loading-cover">
      <span className={styles.spinner} aria-hidden="true" />
      {ready ? <VisuallyHidden>{t('in_loading')}</VisuallyHidden> : null}
    </div>
  );
};

export interface InlineLoaderProps {
  label?: string;
}

/** A small loader for a part of a page (a namespace or a list still loading). */
export const InlineLoader = ({ label }: InlineLoaderProps) => (
  <div className={styles.inline} role="status" aria-live="polite">
    <span className={styles.spinner} aria-hidden="true" />
    {label ? <VisuallyHidden>{label}</VisuallyHidden> : null}
  </div>
);
