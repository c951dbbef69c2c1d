import type { BannerGroup } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QrCode } from '../../../shared/ui/qr-code/qr-code';
import { QR_SIDE_PANEL_SIZE } from '../../../shared/ui/qr-code/qr-options';
import { useAnnouncementsOrEmpty, useBanners } from '../api/announcements';
import { BannerAnchor } from './banner-anchor';
import styles from './side-menu-parts.module.css';

/** Spec section 9: the side menu lists up to 6 promotions. */
export const SIDE_MENU_PROMOTIONS = 6;

/** A side-menu banner (w_leftmenu on top, w_license as the gaming-licence picture). */
export const SideBanner = ({ group }: { group: Extract<BannerGroup, 'w_leftmenu' | 'w_license'> }) => {
  const banner = useBanners(group)[0];
  if (!banner) return null;
  return (
    <div className={styles.bannerBox} data-side-banner={group}>
      <BannerAnchor banner={banner} className={styles.bannerFrame}>
        <img className={styles.banner} src={banner.url} alt="" loading="lazy" width={480} />
        <span className={styles.bannerTitle} dir="auto">
          {banner.title}
        </span>
      </BannerAnchor>
    </div>
  );
};

/** The promotions entry: up to six current promotions and a More link to /promotions. */
export const SidePromotions = () => {
  const { t } = useTranslation();
  const promotions = useAnnouncementsOrEmpty().promotion.slice(0, SIDE_MENU_PROMOTIONS);
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

/** App download with a QR code (120 px, spec section 9) to the download page, for iOS and Android. */
export const SideAppDownload = () => {
  const { t } = useTranslation();
  const url = `${window.location.origin}/appDownload`;
  return (
    <section className={styles.block} aria-labelledby="side-app">
      <h2 id="side-app" className={styles.heading}>
        {t('app_download_title')}
      </h2>
      <div className={styles.app}>
        <QrCode value={url} label={t('scan_to_download')} size={QR_SIDE_PANEL_SIZE} margin={8} />
        <div className={styles.appLinks}>
          <Link to="/appDownload#ios" className={styles.item}>
            {t('app_ios')}
          </Link>
          <Link to="/appDownload#android" className={styles.item}>
            {t('app_android')}
          </Link>
        </div>
      </div>
    </section>
  );
};
