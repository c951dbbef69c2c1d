import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type Announcements,
  type BannerGroup,
  contentEndpoints,
  pageAnswerNames,
  siteAnnouncementsQuery,
} from '@tessera/contracts';
import { callEndpointOrPageAnswer } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import { usePublicStore } from '../../../shared/state/public-store';

/**
 * The announcement set (spec section 7, api-facts 9): banners, ticker notices, popups, promotions and the
 * help list. Fetched once per session for each login state and language; a visitor asks with execution B.
 * A first visitor's set in the merchant's default language comes in the page, read instead of asking once.
 */
const getAnnouncements = (isLogin: boolean, language: string | null, signal: AbortSignal) =>
  callEndpointOrPageAnswer(
    isLogin || !language ? null : pageAnswerNames.visitorAnnouncements(language),
    contentEndpoints.announcements,
    { query: siteAnnouncementsQuery(isLogin), signal },
  );

export const announcementsQueryOptions = ({ isLogin, language }: { isLogin: boolean; language: string | null }) =>
  queryOptions({
    queryKey: queryKeyOf(contentEndpoints.announcements, { isLogin, language }),
    queryFn: ({ signal }) => getAnnouncements(isLogin, language, signal),
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
