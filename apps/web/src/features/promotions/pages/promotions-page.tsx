import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { GiftIcon } from '../../../shared/ui/icons/icons';
import { PageFrame } from '../../../shared/ui/page-frame/page-frame';

/**
 * /promotions (lazy group Promotions). A promotion id may come as the hash; the shell scrolls to the element
 * with that id after each route change, so each promotion card will carry its id.
 */
export const PromotionsPage = () => {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('local_header_promotions')} icon={<GiftIcon />}>
      <EmptyState />
    </PageFrame>
  );
};
