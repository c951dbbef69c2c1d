import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHelpCenter } from '../../features/content/api/help-center';
import { useSiteConfig } from '../../features/system/api/get-system-status';
import { Brand } from './brand';
import styles from './footer.module.css';

/** Resource types that are social links (api-facts 7.1); others (e.g. Android downloads) live elsewhere. */
const socialTypes: ReadonlySet<string> = new Set([
  'FACEBOOK',
  'INSTAGRAM',
  'TELEGRAM',
  'WHATSAPP',
  'YOUTUBE',
  'TWITTER',
  'X',
  'TIKTOK',
  'WEIBO',
  'LINE',
]);

/** The footer (spec section 2): the help list, the description, the merchant's social links and the copyright. */
export const Footer = () => {
  const { t } = useTranslation();
  const config = useSiteConfig();
  const site = config.info.site;
  const help = useHelpCenter().data;
  const socials = config.info.resources.filter((resource) => socialTypes.has(resource.resourceType.toUpperCase()));
  return (
    <footer className={styles.footer} data-shell="footer">
      <div className={styles.inner}>
        <div className={styles.brandColumn}>
          <Brand siteName={site.name} />
          {help?.footerDescription ? (
            <p className={styles.description} dir="auto">
              {help.footerDescription}
            </p>
          ) : null}
        </div>
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
        <nav aria-labelledby="footer-site" className={styles.column}>
          <h2 id="footer-site" className={styles.heading}>
            {t('product')}
          </h2>
          <ul className={styles.links}>
            <li>
              <Link to="/promotions">{t('local_header_promotions')}</Link>
            </li>
            <li>
              <Link to="/pointMall">{t('point_mall')}</Link>
            </li>
            <li>
              <Link to="/agent">{t('hd_agent')}</Link>
            </li>
            <li>
              <Link to="/appDownload">{t('app_download_title')}</Link>
            </li>
            <li>
              <Link to="/lines">{t('lines_title')}</Link>
            </li>
          </ul>
        </nav>
        {socials.length > 0 ? (
          <nav aria-labelledby="footer-social" className={styles.column}>
            <h2 id="footer-social" className={styles.heading}>
              {t('follow_us')}
            </h2>
            <ul className={styles.links}>
              {socials.map((resource) => (
                <li key={resource.url}>
                  <a href={resource.url} target="_blank" rel="noopener noreferrer">
                    {resource.labelNameEn || resource.resourceType}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      <p className={styles.copyright}>{t('footer_copyright', { year: new Date().getFullYear(), name: site.name })}</p>
    </footer>
  );
};
