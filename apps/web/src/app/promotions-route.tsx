import { PromotionNotices, useHasPromotionNotices } from '../features/content/pages/promotions-page';
import { PromotionsPage } from '../features/promotions/pages/promotions-page';
import { useSiteConfig } from '../features/system/api/get-system-status';

const renderNotices = (hasPromotions: boolean) => <PromotionNotices hasHeading={hasPromotions} />;

/**
 * /promotions (lazy group Promotions): the promotions members take part in (the promotion engine), then the
 * merchant's promotion notices (content), composed here since features never import each other.
 */
export const PromotionsRoute = () => {
  const currency = useSiteConfig().info.site.currency;
  const hasNotices = useHasPromotionNotices();
  return <PromotionsPage currency={currency} renderNotices={renderNotices} hasNotices={hasNotices} />;
};
