import type { SystemStatusValue } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/i18n/format-date-time';
import { usePublicStore } from '../../../shared/state/public-store';
import { WrenchIcon } from '../../../shared/ui/icons/icons';
import { CustomerServiceButton } from './customer-service-button';
import { StatusScreen } from './status-screen';
import styles from './status-screen.module.css';

export interface MaintenancePageProps {
  status: SystemStatusValue;
  /** Checks the site's state again: what the page offers when the merchant lists no customer service. */
  onRetry: () => void;
  isRetrying: boolean;
}

/** System status 1 (spec section 2 "Other screens"): title, info text, the window's end, customer service. */
export const MaintenancePage = ({ status, onRetry, isRetrying }: MaintenancePageProps) => {
  const { t } = useTranslation();
  const language = usePublicStore((state) => state.language) ?? status.info.site.defaultLanguage;
  return (
    <StatusScreen
      name="maintenance"
      tone="warning"
      icon={<WrenchIcon />}
      siteName={status.info.site.name}
      title={t('maintenance', { ns: 'errors' })}
      actions={<CustomerServiceButton info={status.info} onRetry={onRetry} isRetrying={isRetrying} />}
    >
      <p>{t('info_maintenance')}</p>
      {status.endTime ? (
        <p className={styles.detail}>
          <span className={styles.detailLabel}>{t('maintenance_end_time')}</span>
          <time className={styles.detailValue} dateTime={status.endTime}>
            {formatDateTime(status.endTime, language, status.info.site.timeZone)}
          </time>
        </p>
      ) : null}
    </StatusScreen>
  );
};
