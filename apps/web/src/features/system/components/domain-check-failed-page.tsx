import { useTranslation } from 'react-i18next';
import { LinkOffIcon } from '../../../shared/ui/icons/icons';
import { StatusScreen } from './status-screen';

/** The address belongs to no enabled merchant: nothing else can load, so only the explanation shows. */
export const DomainCheckFailedPage = () => {
  const { t } = useTranslation();
  return (
    <StatusScreen name="domain_check_failed" tone="danger" icon={<LinkOffIcon />} title={t('in_site_unavailable')}>
      <p>{t('domain_check_failed', { ns: 'errors' })}</p>
    </StatusScreen>
  );
};
