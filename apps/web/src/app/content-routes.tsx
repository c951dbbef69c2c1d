import { AppDownloadPage } from '../features/content/pages/app-download-page';
import { LinesPage } from '../features/content/pages/lines-page';
import { useSiteConfig } from '../features/system/api/get-system-status';

/** /appDownload: the install guides and QR codes, with the merchant's name and app links. */
export const AppDownloadRoute = () => {
  const { info } = useSiteConfig();
  return <AppDownloadPage siteName={info.site.name} resources={info.resources} />;
};

/** /lines: the merchant's mirror sites. */
export const LinesRoute = () => <LinesPage lines={useSiteConfig().info.domainRoute} />;
