import { type BannerGroup, bannerAspectRatios } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAnnouncements, useAnnouncementsOrEmpty, useBanners } from '../api/announcements';
import { BannerAnchor } from './banner-anchor';
import styles from './side-menu-parts.module.css';

/** Spec section 9: the side menu lists up to 6 promotions. */
export const SIDE_MENU_PROMOTIONS = 6;

/**
 * A side-menu banner (w_leftmenu on top, w_license as the gaming-licence picture), in its group's shape (the
 * picture cropped to it), whose place is held while the announcements load, so the menu below does not jump.
 */
export const SideBanner = ({ group }: { group: Extract<BannerGroup, 'w_leftmenu' | 'w_license'> }) => {
  const isPending = useAnnouncements().isPending;
  const banner = useBanners(group)[0];
  const shape = { aspectRatio: bannerAspectRatios[group] };
  if (!banner) return isPending ? <div className={styles.bannerPending} style={shape} aria-hidden="true" /> : null;
  return (
    <div className={styles.bannerBox} data-side-banner={group} style={shape}>
      <BannerAnchor banner={banner} className={styles.bannerFrame}>
        <img className={styles.banner} src={banner.url} alt="" loading="lazy" />
        <span className={styles.bannerTitle} dir="auto">
          {banner.title}
        </span>
      </BannerAnchor>
    </div>
  );
};

/** A promotion the side menu links to, by its id on /promotions. */
export interface SidePromotionLink {
  id: string;
  title: string;
}

/**
 * The promotions entry: up to six promotions and a More link to /promotions. The promotions members take part in
 * (`leading`, from the promotion engine) come first, then the merchant's promotion notices; each link opens its
 * promotion on /promotions by its id.
 */
export const SidePromotions = ({ leading = [] }: { leading?: readonly SidePromotionLink[] }) => {
  const { t } = useTranslation();
  const notices = useAnnouncementsOrEmpty().promotion;
  const promotions = [...leading, ...notices].slice(0, SIDE_MENU_PROMOTIONS);
  if (promotions.length === 0) return null;
  return (
    <section className={styles.block} aria-labelledby="side-promotions">
      <h2 id="side-promotions" className={styles.heading}>
        {t('local_header_promotions')}
      </h2>
      <ul className={styles.list}>
        {promotions.map((promotion) => (
          <li key={promotion.id}>
            <Link to={`/promotions#${promotion.id}`} className={styles.item} dir="auto">
              {promotion.title}
            </Link>
          </li>
        ))}
      </ul>
      <Link to="/promotions" className={styles.more}>
        {t('more_button')}
      </Link>
    </section>
  );
};
