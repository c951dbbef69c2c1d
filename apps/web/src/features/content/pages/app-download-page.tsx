import type { Resource } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { useInstallState } from '../../../shared/pwa/install-prompt';
import { Button } from '../../../shared/ui/button/button';
import { DownloadIcon, SmartphoneIcon } from '../../../shared/ui/icons/icons';
import { PageFrame } from '../../../shared/ui/page-frame/page-frame';
import { QrCode } from '../../../shared/ui/qr-code/qr-code';
import { QR_DEFAULT_MARGIN, QR_DEFAULT_SIZE } from '../../../shared/ui/qr-code/qr-options';
import { type AppLink, appLinksOf } from '../app-links';
import styles from './app-download-page.module.css';

/** Steps of each install guide, by platform and kind (i18n keys). */
const guideSteps: Record<AppLink['platform'], Record<AppLink['kind'], readonly string[]>> = {
  ios: {
    webApp: ['ios_web_step1', 'ios_web_step2', 'ios_web_step3', 'ios_web_step4'],
    native: ['ios_native_step1', 'ios_native_step2', 'ios_native_step3'],
  },
  android: {
    webApp: ['android_web_step1', 'android_web_step2', 'android_web_step3'],
    native: ['android_native_step1', 'android_native_step2', 'android_native_step3', 'android_native_step4'],
  },
};

/** The install action this browser allows: its own dialog, the iOS hint, or a note that it is installed. */
const InstallAction = () => {
  const { t } = useTranslation();
  const state = useInstallState();
  if (state.kind === 'prompt') {
    return (
      <Button icon={<DownloadIcon />} onClick={() => void state.install()}>
        {t('app_install_now')}
      </Button>
    );
  }
  if (state.kind === 'installed' || state.kind === 'ios') {
    return (
      <p className={styles.installNote} role="status" data-install-state={state.kind}>
        {t(state.kind === 'installed' ? 'app_installed' : 'app_install_ios_hint')}
      </p>
    );
  }
  return null;
};

export interface AppDownloadPageProps {
  siteName: string;
  resources: readonly Resource[];
}

/** The app download page: a QR code and an install guide for iOS and for Android. */
export const AppDownloadPage = ({ siteName, resources }: AppDownloadPageProps) => {
  const { t } = useTranslation();
  const links = appLinksOf(resources, window.location.origin);

  return (
    <PageFrame title={t('app_download_title')} icon={<SmartphoneIcon />}>
      <p className={styles.intro}>{t('app_download_intro', { name: siteName })}</p>
      <InstallAction />
      <div className={styles.platforms}>
        {links.map((link) => (
          <article key={link.platform} className={styles.platform} data-app-platform={link.platform}>
            <h2 className={styles.platformTitle}>{t(link.platform === 'ios' ? 'app_ios' : 'app_android')}</h2>
            <QrCode
              value={link.url}
              label={t('scan_to_download_on', { platform: t(link.platform === 'ios' ? 'app_ios' : 'app_android') })}
              size={QR_DEFAULT_SIZE}
              margin={QR_DEFAULT_MARGIN}
              logoScale={0.2}
              logoText={siteName.trim().charAt(0).toUpperCase()}
              className={styles.qr}
            />
            <p className={styles.scan}>{t('scan_to_download')}</p>
            <a className={styles.link} href={link.url} dir="ltr">
              {link.url}
            </a>
            <h3 className={styles.guideTitle}>{t(link.kind === 'webApp' ? 'app_guide_web' : 'app_guide_native')}</h3>
            <ol className={styles.steps}>
              {guideSteps[link.platform][link.kind].map((step) => (
                <li key={step}>{t(step)}</li>
              ))}
            </ol>
          </article>
        ))}
      </div>
    </PageFrame>
  );
};
