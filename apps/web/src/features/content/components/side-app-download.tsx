import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QrCode } from '../../../shared/ui/qr-code/qr-code';
import { QR_SIDE_PANEL_SIZE } from '../../../shared/ui/qr-code/qr-options';
import styles from './side-menu-parts.module.css';

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
        <QrCode className={styles.qr} value={url} label={t('scan_to_download')} size={QR_SIDE_PANEL_SIZE} margin={8} />
        <div className={styles.appLinks}>
          <Link to="/appDownload#ios" className={styles.appLink}>
            {t('app_ios')}
          </Link>
          <Link to="/appDownload#android" className={styles.appLink}>
            {t('app_android')}
          </Link>
        </div>
      </div>
    </section>
  );
};
