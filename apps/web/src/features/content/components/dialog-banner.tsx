import type { BannerGroup } from '@tessera/contracts';
import { useBanners } from '../api/announcements';
import { BannerAnchor } from './banner-anchor';
import styles from './dialog-banner.module.css';

/** The banner groups shown at the top of the account dialogs (spec section 3 "Banner"). */
export type DialogBannerGroup = Extract<BannerGroup, 'w_login' | 'w_reg' | 'w_forget'>;

export interface DialogBannerProps {
  group: DialogBannerGroup;
  /** Closes the dialog when the banner leads to a page of the site. */
  onFollowRoute: () => void;
}

/**
 * The first banner of a dialog's group, linked as home banners are; nothing when the merchant has none. The
 * picture's box keeps the banners' 10:3 shape while it loads, so the form below never moves.
 */
export const DialogBanner = ({ group, onFollowRoute }: DialogBannerProps) => {
  const banner = useBanners(group)[0];
  if (!banner) return null;
  return (
    <BannerAnchor banner={banner} className={styles.banner} onFollowRoute={onFollowRoute}>
      <img
        className={styles.image}
        src={banner.url}
        alt=""
        width={800}
        height={240}
        decoding="async"
        draggable={false}
      />
      <span className={styles.caption} dir="auto">
        {banner.title}
      </span>
    </BannerAnchor>
  );
};
