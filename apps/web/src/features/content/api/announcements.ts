import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Announcements, type BannerGroup, contentEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import { usePublicStore } from '../../../shared/state/public-store';

/**
 * The announcement set (spec section 7, api-facts 9): banners, ticker notices, popups, promotions and the
 * help list. Fetched once per session for each login state and language; a visitor asks with execution B.
 */
export const announcementsQueryOptions = ({ isLogin, language }: { isLogin: boolean; language: string | null }) =>
  queryOptions({
    queryKey: queryKeyOf(contentEndpoints.announcements, { isLogin, language }),
    queryFn: ({ signal }) =>
      callEndpoint(contentEndpoints.announcements, {
        query: { types: 'B,PL,PU,PR,H', platform: 'W', ...(isLogin ? {} : { execution: 'B' as const }) },
        signal,
      }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: language !== null,
  });

export const useAnnouncements = () => {
  const isLogin = usePublicStore((state) => state.isLogin);
  const language = usePublicStore((state) => state.language);
  return useQuery(announcementsQueryOptions({ isLogin, language }));
};

const none: Announcements = { banners: [], player: [], popup: [], promotion: [], help: [] };

/** The announcement set, empty until it arrives (the frame never waits for content). */
export const useAnnouncementsOrEmpty = (): Announcements => useAnnouncements().data ?? none;

export const useBanners = (group: BannerGroup) =>
  useAnnouncementsOrEmpty().banners.filter((banner) => banner.groupName === group);
