import type { SystemStatusValue } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { ShieldIcon } from '../../../shared/ui/icons/icons';
import { CustomerServiceButton } from './customer-service-button';
import { StatusScreen } from './status-screen';
import styles from './status-screen.module.css';

export interface RegionBlockPageProps {
  status: SystemStatusValue;
  /** Checks the site's state again: what the page offers when the merchant lists no customer service. */
  onRetry: () => void;
  isRetrying: boolean;
}

/** System status 2: the title 'blockip', the player's IP, the block message and customer service. */
export const RegionBlockPage = ({ status, onRetry, isRetrying }: RegionBlockPageProps) => {
  const { t } = useTranslation();
  return (
    <StatusScreen
      name="blockip"
      tone="danger"
      icon={<ShieldIcon />}
      siteName={status.info.site.name}
      title={t('blockip', { ns: 'errors' })}
      actions={<CustomerServiceButton info={status.info} onRetry={onRetry} isRetrying={isRetrying} />}
    >
      <p className={styles.detail}>
        <span className={styles.detailLabel}>{t('in_ip_address')}</span>
        <span className={styles.detailValue} data-testid="blocked-ip">
          {status.location.ip}
        </span>
      </p>
      <p>{t('info_ip_block')}</p>
    </StatusScreen>
  );
};
