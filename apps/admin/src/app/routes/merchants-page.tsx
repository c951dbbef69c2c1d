import { useTranslation } from 'react-i18next';
import { MerchantList } from '../../features/merchants/components/merchant-list';
import { PageHeader } from '../../shared/ui/page-header';

export const MerchantsPage = () => {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('merchants.title')} description={t('merchants.description')} />
      <MerchantList />
    </>
  );
};
