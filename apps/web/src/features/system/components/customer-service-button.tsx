import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button/button';
import { HeadsetIcon } from '../../../shared/ui/icons/icons';
import {
  type CustomerServiceEntry,
  customerServiceLinksOf,
  linksOutsideSite,
  openCustomerService,
  pickCustomerService,
} from '../customer-service';

export interface CustomerServiceButtonProps {
  info: { customerService: readonly CustomerServiceEntry[]; domainRoute: readonly { url: string }[] };
  /** Preferred entry type; the first entry served outside the site is used when none matches. */
  csType?: string;
  /**
   * What the page offers instead when the merchant lists no customer service: the site's help centre is closed with
   * the rest of the site, so the status pages offer to check again.
   */
  onRetry: () => void;
  isRetrying: boolean;
}

/**
 * The status pages' customer-service button, or a "Try again" button when the merchant has none served outside its
 * (closed) site.
 */
export const CustomerServiceButton = ({
  info,
  csType = 'LIVECHAT',
  onRetry,
  isRetrying,
}: CustomerServiceButtonProps) => {
  const { t } = useTranslation();
  // The site is closed, its own live chat with it: only a service served elsewhere can answer.
  const link = pickCustomerService(linksOutsideSite(customerServiceLinksOf(info)), csType);
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
