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
}

/** Opens the merchant's customer service; renders nothing when the merchant has none. */
export const CustomerServiceButton = ({ entries, csType = 'LIVECHAT' }: CustomerServiceButtonProps) => {
  const { t } = useTranslation();
  const link = pickCustomerService(customerServiceLinksOf(entries), csType);
  if (!link) return null;
  const handleClick = () => openCustomerService(link);
  return (
    <Button variant="primary" size="lg" icon={<HeadsetIcon />} onClick={handleClick}>
      {t('in_customer_service')}
    </Button>
  );
};
