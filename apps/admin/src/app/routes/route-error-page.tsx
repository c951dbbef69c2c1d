import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { errorCodeOf, isApiError } from '../../shared/api/api-error';
import { Button } from '../../shared/ui/button';
import styles from './route-error-page.module.css';

/** What an operator sees when a page fails to load (a chunk after a deploy, an unexpected error). */
export const RouteErrorPage = () => {
  const { t } = useTranslation();
  const error = useRouteError();
  const code = isApiError(error) ? errorCodeOf(error) : 'page_failed';
  return (
    <div className={styles.page} role="alert">
      <h1 className={styles.title}>{t(`errors.${code}`, { defaultValue: t('errors.unknown_error') })}</h1>
      <p className={styles.text}>{t('routeError.text')}</p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </Button>
    </div>
  );
};
