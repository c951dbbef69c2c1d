import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { StatusScreen } from '../features/system/components/status-screen';
import { Button } from '../shared/ui/button/button';
import { WifiOffIcon } from '../shared/ui/icons/icons';

/** A route's code chunk that failed to load is a network problem the visitor can retry. */
const isChunkLoadError = (error: unknown): boolean =>
  error instanceof TypeError &&
  /dynamically imported module|importing a module script|Failed to fetch/i.test(error.message);

/** Shown when a route cannot render (its chunk did not load, or it failed). */
export const RouteErrorPage = () => {
  const { t } = useTranslation();
  const error = useRouteError();
  const handleReload = () => window.location.reload();
  return (
    <StatusScreen
      name={isChunkLoadError(error) ? 'chunk-load-error' : 'route-error'}
      icon={<WifiOffIcon />}
      title={t('in_connection_problem')}
      actions={
        <Button size="lg" onClick={handleReload}>
          {t('label_retry')}
        </Button>
      }
    >
      <p>{t(isChunkLoadError(error) ? 'in_network_again' : 'unknown_error', { ns: 'errors' })}</p>
    </StatusScreen>
  );
};
