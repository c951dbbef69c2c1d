import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { GiftIcon } from '../../../shared/ui/icons/icons';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { PageFrame } from '../../../shared/ui/page-frame/page-frame';
import { useAnnouncements } from '../api/announcements';
import { useFormatDateTime } from '../format-date';
import styles from './promotions-page.module.css';

/**
 * /promotions (lazy group Promotions): the merchant's current promotions in its order, as the back office writes
 * them (content kind `promotion`). Each card carries its id, so `/promotions#<id>` (the side menu's links) scrolls
 * to it after the route change.
 */
export const PromotionsPage = () => {
  const { t } = useTranslation();
  const announcements = useAnnouncements();
  const formatDateTime = useFormatDateTime();
  const promotions = announcements.data?.promotion ?? [];
  return (
    <PageFrame title={t('local_header_promotions')} icon={<GiftIcon />}>
      {announcements.isPending ? <InlineLoader /> : null}
      {announcements.data && promotions.length === 0 ? <EmptyState /> : null}
      <ul className={styles.list}>
        {promotions.map((promotion) => (
          <li key={promotion.id}>
            <article id={promotion.id} className={styles.card} aria-labelledby={`promotion-${promotion.id}`}>
              <h2 id={`promotion-${promotion.id}`} className={styles.title} dir="auto">
                {promotion.title}
              </h2>
              <time className={styles.date} dateTime={new Date(promotion.startDate).toISOString()}>
                {formatDateTime(promotion.startDate)}
              </time>
              <p className={styles.content} dir="auto">
                {promotion.content}
              </p>
            </article>
          </li>
        ))}
      </ul>
    </PageFrame>
  );
};
