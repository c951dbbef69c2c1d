import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button/button';
import { HeadsetIcon } from '../../../shared/ui/icons/icons';
import {
  type CustomerServiceEntry,
  customerServiceLinksOf,
  openCustomerService,
  pickCustomerService,
} from '../customer-service';

export interface CustomerServiceButtonProps {
  entries: readonly CustomerServiceEntry[];
  /** Preferred entry type; the first entry is used when none matches. */
  csType?: string;
  /**
   * What the page offers instead when the merchant lists no customer service: the site's help centre is closed with
   * the rest of the site, so the status pages offer to check again.
   */
  onRetry: () => void;
  isRetrying: boolean;
}

/** The status pages' customer-service button, or a "Try again" button when the merchant has none. */
export const CustomerServiceButton = ({
  entries,
  csType = 'LIVECHAT',
  onRetry,
  isRetrying,
}: CustomerServiceButtonProps) => {
  const { t } = useTranslation();
  const link = pickCustomerService(customerServiceLinksOf(entries), csType);
  if (!link) {
    return (
      <Button size="lg" onClick={onRetry} disabled={isRetrying} aria-busy={isRetrying}>
        {t('label_retry')}
      </Button>
    );
  }
  const handleClick = () => openCustomerService(link);
  return (
    <Button variant="primary" size="lg" icon={<HeadsetIcon />} onClick={handleClick}>
      {t('in_customer_service')}
    </Button>
  );
};
