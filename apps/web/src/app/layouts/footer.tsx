import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBanners } from '../../features/content/api/announcements';
import { useHelpCenter } from '../../features/content/api/help-center';
import { BannerAnchor } from '../../features/content/components/banner-anchor';
import { useVendorLanes } from '../../features/games/api/get-vendor-lanes';
import { useCategoriesWithVendors } from '../../features/games/api/use-categories-with-vendors';
import { topNavigationOf, vendorLinksOf } from '../../features/games/game-types';
import { useLobbyLanguage } from '../../features/games/use-lobby-language';
import { useSiteConfig } from '../../features/system/api/get-system-status';
import { CustomerServiceItems } from '../../features/system/components/customer-service-items';
import { customerServiceLinksOf } from '../../features/system/customer-service';
import { useNearViewport } from '../../shared/hooks/use-near-viewport';
import {
  MessageIcon,
  SmartphoneIcon,
  SocialAtIcon,
  SocialCameraIcon,
  SocialSendIcon,
  SocialVideoIcon,
  UsersIcon,
} from '../../shared/ui/icons/icons';
import { Brand } from './brand';
import styles from './footer.module.css';
import { type SocialKind, socialLinksOf } from './footer-socials';

const socialIcons: Readonly<Record<SocialKind, ReactNode>> = {
  video: <SocialVideoIcon />,
  microblog: <SocialAtIcon />,
  shortVideo: <SmartphoneIcon />,
  network: <UsersIcon />,
  photos: <SocialCameraIcon />,
  messenger: <SocialSendIcon />,
  chat: <MessageIcon />,
};

/**
 * The footer (spec section 2): the brand and description with the social icons, the game types that have vendors,
 * the help list, the site's pages, the vendors' logos, the licence banners (w_license) and the copyright.
 * Its content (and the help list and logos it asks for) renders when it nears the screen: below a long page it
 * costs the first screen nothing; on a short page it is there at once.
 */
export const Footer = () => {
  const ref = useRef<HTMLElement>(null);
  // Within 200 px: at the foot of the home's held places on a phone's first screen it would otherwise render at once.
  const isNear = useNearViewport(ref, '200px');
  return (
    <footer ref={ref} className={styles.footer} data-shell="footer">
      {isNear ? <FooterContent /> : null}
    </footer>
  );
};

const FooterContent = () => {
  const { t } = useTranslation();
  const config = useSiteConfig();
  const site = config.info.site;
  const help = useHelpCenter().data;
  const gameTypes = topNavigationOf(useCategoriesWithVendors()).filter(
    (entry) => entry.id !== 'HOME' && entry.id !== 'PROMO',
  );
  const vendors = vendorLinksOf(useVendorLanes(useLobbyLanguage()).data ?? []);
  const licences = useBanners('w_license');
  const socials = socialLinksOf(config.info.resources);
  const serviceLinks = customerServiceLinksOf(config.info);
  return (
    <>
      <div className={styles.inner}>
        <div className={styles.brandColumn}>
          <Brand siteName={site.name} />
          {help?.footerDescription ? (
            <p className={styles.description} dir="auto">
              {help.footerDescription}
            </p>
          ) : null}
          {socials.length > 0 ? (
            <nav aria-label={t('follow_us')} className={styles.socialBlock}>
              <h2 className={styles.heading}>{t('follow_us')}</h2>
              <ul className={styles.socials}>
                {socials.map((social) => (
                  <li key={social.url}>
                    <a
                      className={styles.social}
                      href={social.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={social.label}
                      title={social.label}
                      data-social={social.kind}
                    >
                      {socialIcons[social.kind]}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
        {gameTypes.length > 0 ? (
          <nav aria-labelledby="footer-games" className={styles.column} data-footer-games="">
            <h2 id="footer-games" className={styles.heading}>
              {t('local_header_games')}
            </h2>
            <ul className={styles.links}>
              {gameTypes.map((entry) => (
                <li key={entry.id}>
                  <Link to={entry.path}>{t(entry.labelKey)}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <nav aria-labelledby="footer-help" className={styles.column}>
          <h2 id="footer-help" className={styles.heading}>
            {t('help_up')}
          </h2>
          <ul className={styles.links}>
            {help && help.list.length > 0 ? (
              help.list.map((section) => (
                <li key={section.tag}>
                  <Link to={`/help#${section.tag}`}>{section.title}</Link>
                </li>
              ))
            ) : (
              <li>
                <Link to="/help">{t('in_help_center')}</Link>
              </li>
            )}
          </ul>
        </nav>
        <nav aria-labelledby="footer-service" className={styles.column} data-footer-service="">
          <h2 id="footer-service" className={styles.heading}>
            {t('in_customer_service')}
          </h2>
          <ul className={styles.links}>
            <CustomerServiceItems links={serviceLinks} className={styles.serviceLink} />
            {serviceLinks.length === 0 ? (
              // A merchant without customer service: the help centre answers instead.
              <li>
                <Link to="/help">{t('in_help_center')}</Link>
              </li>
            ) : null}
          </ul>
        </nav>
        <nav aria-labelledby="footer-site" className={styles.column}>
          <h2 id="footer-site" className={styles.heading}>
            {t('product')}
          </h2>
          <ul className={styles.links}>
            <li>
              <Link to="/promotions">{t('local_header_promotions')}</Link>
            </li>
            <li>
              <Link to="/appDownload">{t('app_download_title')}</Link>
            </li>
            <li>
              <Link to="/lines">{t('lines_title')}</Link>
            </li>
          </ul>
        </nav>
      </div>
      {vendors.length > 0 ? (
        <nav aria-labelledby="footer-vendors" className={styles.band} data-footer-vendors="">
          <h2 id="footer-vendors" className={styles.heading}>
            {t('footer_providers')}
          </h2>
          <ul className={styles.vendors}>
            {vendors.map((vendor) => (
              <li key={vendor.vassalage}>
                <Link to={vendor.path} className={styles.vendor} title={vendor.displayName}>
                  {vendor.logoUrl ? (
                    <img src={vendor.logoUrl} alt={vendor.displayName} loading="lazy" className={styles.vendorLogo} />
                  ) : (
                    <span dir="auto">{vendor.displayName}</span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {licences.length > 0 ? (
        <ul className={`${styles.band} ${styles.licences}`} data-footer-licences="">
          {licences.map((banner) => (
            <li key={banner.id}>
              <BannerAnchor banner={banner} className={styles.licence}>
                <img src={banner.url} alt="" loading="lazy" className={styles.licenceImage} />
                <span className={styles.licenceTitle} dir="auto">
                  {banner.title}
                </span>
              </BannerAnchor>
            </li>
          ))}
        </ul>
      ) : null}
      <p className={styles.copyright}>{t('footer_copyright', { year: new Date().getFullYear(), name: site.name })}</p>
    </>
  );
};
