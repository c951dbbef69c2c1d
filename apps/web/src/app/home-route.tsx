import { lazy, Suspense } from 'react';
import { BannerCarousel } from '../features/content/components/banner-carousel';
import { NoticeTicker } from '../features/content/components/notice-ticker';
import { HomeLobbyPage } from '../features/games/pages/home-lobby-page';
import { useSiteConfig } from '../features/system/api/get-system-status';
import { Deferred } from '../shared/ui/deferred/deferred';
import styles from './home-route.module.css';

// Its own chunk: the ticker follows a realtime topic, and the realtime client stays out of the first load.
const JackpotTicker = lazy(() =>
  import('../features/jackpot/components/jackpot-ticker').then((m) => ({ default: m.JackpotTicker })),
);

/**
 * The home lobby: the banner carousel, the notice ticker and the live jackpot above the game lobby (which has the winners board).
 * The lobby renders a browser task after the banners; the home is a screen tall from the start (its CSS), so
 * nothing below moves when it arrives. It has a Suspense boundary of its own: on a first visit it waits for the
 * games catalogue, and waiting at the main view's boundary took the banners and the ticker off the screen for
 * about 100 ms, so the page's largest picture was painted twice.
 */
export const HomeRoute = () => {
  const site = useSiteConfig().info.site;
  return (
    <div className={styles.home}>
      <BannerCarousel />
      <NoticeTicker />
      <Suspense fallback={null}>
        <JackpotTicker />
      </Suspense>
      <Deferred>
        <Suspense fallback={null}>
          <HomeLobbyPage siteName={site.name} />
        </Suspense>
      </Deferred>
    </div>
  );
};
