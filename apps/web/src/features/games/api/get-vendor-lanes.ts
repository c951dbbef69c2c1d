import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  gamesEndpoints,
  pageAnswerNames,
  siteVendorLanesQuery,
  type VendorLane,
  vendorLaneSchema,
} from '@tessera/contracts';
import { z } from 'zod';
import { callEndpointOrPageAnswer } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import { createSessionCache } from './session-cache';
import { toLobbyLane } from './to-lobby';

const cache = createSessionCache('gameVendor', z.array(vendorLaneSchema));

/** A first visit's lanes in the merchant's default language come in the page (decision 0034). */
const getVendorLanes = async (language: string, signal?: AbortSignal) => {
  const value = await callEndpointOrPageAnswer(pageAnswerNames.vendorLanes(language), gamesEndpoints.vendors, {
    query: siteVendorLanesQuery(language),
    signal,
  });
  cache.write(language, value.data.lanes);
  return value.data.lanes;
};

/**
 * One function for every reader, so TanStack Query maps the lanes once per answer: a new function each render made
 * it map them again on every render of every reader, and hand each a new array.
 */
const selectLobbyLanes = (lanes: VendorLane[]) => lanes.map(toLobbyLane);

/** The merchant's vendor lanes (GCSGAME_newGameVendor), INHOUSE first; cached for the session. */
export const vendorLanesQueryOptions = (language: string) =>
  queryOptions({
    queryKey: queryKeyOf(gamesEndpoints.vendors, { language }),
    queryFn: ({ signal }) => getVendorLanes(language, signal),
    initialData: () => cache.read(language),
    staleTime: 5 * 60_000,
    select: selectLobbyLanes,
  });

export const useVendorLanes = (language: string) => useQuery(vendorLanesQueryOptions(language));
