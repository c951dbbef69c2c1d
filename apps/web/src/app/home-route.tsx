import { HomeLobbyPage } from '../features/games/pages/home-lobby-page';
import { useSiteConfig } from '../features/system/api/get-system-status';

/** The home lobby with the merchant's name. */
export const HomeRoute = () => {
  const site = useSiteConfig().info.site;
  return <HomeLobbyPage siteName={site.name} />;
};
