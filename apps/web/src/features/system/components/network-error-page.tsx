import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button/button';
import { WifiOffIcon } from '../../../shared/ui/icons/icons';
import { StatusScreen } from './status-screen';

export interface NetworkErrorPageProps {
  /** The error's i18n key in the errors namespace (in_network_again, timeout_retry_please, unknown_error). */
  errorKey: string;
  isRetrying: boolean;
  onRetry: () => void;
}

/** Site start could not reach the server; the visitor can try again. */
export const NetworkErrorPage = ({ errorKey, isRetrying, onRetry }: NetworkErrorPageProps) => {
  const { t } = useTranslation();
  return (
    <StatusScreen
      name="in_network_again"
      icon={<WifiOffIcon />}
      title={t('in_connection_problem')}
      actions={
        <Button size="lg" onClick={onRetry} disabled={isRetrying} aria-busy={isRetrying}>
          {t('label_retry')}
        </Button>
      }
    >
      <p>{t(errorKey, { ns: 'errors' })}</p>
    </StatusScreen>
  );
};
