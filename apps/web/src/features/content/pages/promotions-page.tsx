import { useTranslation } from 'react-i18next';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { useAnnouncements } from '../api/announcements';
import { useFormatDateTime } from '../format-date';
import styles from './promotions-page.module.css';

/**
 * The merchant's promotion notices on /promotions, in its order, as the back office writes them (content kind
 * `promotion`), listed after the promotions members take part in. Each card carries its id, so `/promotions#<id>`
 * (the side menu's links) scrolls to it after the route change. Nothing when there are none.
 */
export const PromotionNotices = ({ hasHeading }: { hasHeading: boolean }) => {
  const { t } = useTranslation();
  const announcements = useAnnouncements();
  const formatDateTime = useFormatDateTime();
  const promotions = announcements.data?.promotion ?? [];
  if (announcements.isPending) return <InlineLoader />;
  if (promotions.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={hasHeading ? 'promotion-notices' : undefined}>
      {hasHeading ? (
        <h2 id="promotion-notices" className={styles.heading}>
          {t('promotion_notices')}
        </h2>
      ) : null}
      <ul className={styles.list}>
        {promotions.map((promotion) => (
          <li key={promotion.id}>
            <article id={promotion.id} className={styles.card} aria-labelledby={`promotion-${promotion.id}`}>
              <h3 id={`promotion-${promotion.id}`} className={styles.title} dir="auto">
                {promotion.title}
              </h3>
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
    </section>
  );
};

/** Whether the merchant has promotion notices (so /promotions shows its empty state only without either list). */
export const useHasPromotionNotices = (): boolean | null => {
  const announcements = useAnnouncements();
  if (!announcements.data) return null;
  return announcements.data.promotion.length > 0;
};
