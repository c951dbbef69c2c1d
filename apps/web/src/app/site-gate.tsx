import { useQueryClient } from '@tanstack/react-query';
import { type SystemStatusValue, systemStatusOf } from '@tessera/contracts';
import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { announcementsQueryOptions } from '../features/content/api/announcements';
import { hotGamesQueryOptions } from '../features/games/api/get-hot-games';
import { vendorLanesQueryOptions } from '../features/games/api/get-vendor-lanes';
import { useSystemStatusQuery } from '../features/system/api/get-system-status';
import { DomainCheckFailedPage } from '../features/system/components/domain-check-failed-page';
import { MaintenancePage } from '../features/system/components/maintenance-page';
import { NetworkErrorPage } from '../features/system/components/network-error-page';
import { RegionBlockPage } from '../features/system/components/region-block-page';
import { errorKeyOf, isMerchantFailure } from '../shared/api/api-error';
import { usePublicStore } from '../shared/state/public-store';
import { LoadingCover } from '../shared/ui/loading-cover/loading-cover';
import { isHomePath } from './route-rules';
import { AppRoutes } from './router';
import { applySiteStart } from './site-start';

/** The router starts when the site first opens normally, so its first navigation runs then. */
const AppRouter = () => (
  <BrowserRouter>
    <AppRoutes />
  </BrowserRouter>
);

/**
 * Site start (spec section 4): the status call decides what renders. 0 the site, 1 the maintenance page,
 * 2 the region-block page (maintenance wins); an unknown address or a missing network have their own pages.
 */
export const SiteGate = () => {
  const status = useSystemStatusQuery();
  const queryClient = useQueryClient();
  const [started, setStarted] = useState<SystemStatusValue | null>(null);

  useEffect(() => {
    const value = status.data;
    if (!value) return;
    let isCurrent = true;
    let renderSite = 0;
    // A language catalogue that fails to load leaves the previous one (or EN) in place; the site still opens. It
    // renders in a task after the one that started it, so applying the start and rendering never make one long task.
    const markStarted = () => {
      if (isCurrent) renderSite = window.setTimeout(() => setStarted(value), 0);
    };
    applySiteStart(value).then(markStarted, markStarted);
    // The language is chosen: the announcements (the home's banners, the ticker), the vendor lanes (the game
    // navigation) and on the home the hot games are asked for now, while the language catalogue loads, rather than
    // once the page has rendered. On a first visit they are read from the page (decision 0034), in a task of their
    // own: reading them is work of its own, apart from rendering the site.
    // A site in maintenance or closed to the visitor's region asks for nothing more: those calls would only fail.
    const prefetch = window.setTimeout(() => {
      if (systemStatusOf(value) !== 0) return;
      const { isLogin, language } = usePublicStore.getState();
      void queryClient.prefetchQuery(announcementsQueryOptions({ isLogin, language }));
      if (!language) return;
      void queryClient.prefetchQuery(vendorLanesQueryOptions(language));
      if (isHomePath(window.location.pathname)) void queryClient.prefetchQuery(hotGamesQueryOptions(language));
    }, 0);
    return () => {
      isCurrent = false;
      window.clearTimeout(prefetch);
      window.clearTimeout(renderSite);
    };
  }, [status.data, queryClient]);

  const handleRetry = () => void status.refetch();
  if (!status.data && status.isError) {
    if (isMerchantFailure(status.error)) return <DomainCheckFailedPage />;
    return (
      <NetworkErrorPage errorKey={errorKeyOf(status.error)} isRetrying={status.isFetching} onRetry={handleRetry} />
    );
  }
  if (!status.data || started !== status.data) return <LoadingCover />;

  switch (systemStatusOf(status.data)) {
    case 1:
      return <MaintenancePage status={status.data} onRetry={handleRetry} isRetrying={status.isFetching} />;
    case 2:
      return <RegionBlockPage status={status.data} onRetry={handleRetry} isRetrying={status.isFetching} />;
    default:
      return <AppRouter />;
  }
};
