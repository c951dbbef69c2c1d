import type { QueryClient } from '@tanstack/react-query';
import { accountEndpoints, type MemberInfo, memberEndpoints, TRIAL_MEMBER_TYPE } from '@tessera/contracts';
import { usePublicStore } from '../state/public-store';
import { clearSessionKeepingMerchant, readSession, writeSession } from '../storage/browser-storage';
import { sessionKeys } from '../storage/storage-keys';
import { memberInfoQueryOptions } from './get-member-info';

/** Queries that belong to one member and must not outlive its session. */
const memberScopedQueries: readonly string[] = [memberEndpoints.info.name, accountEndpoints.loginHistory.name];

export const storeSessionToken = (token: string): void => writeSession(sessionKeys.token, token);

/** Writes the identity keys of api-facts 5 (storeInfo) and marks the member logged in. */
export const applyMemberInfo = (info: MemberInfo, options: { firstTimeLogin?: boolean } = {}): void => {
  writeSession(sessionKeys.nickname, info.nickname);
  writeSession(sessionKeys.account, info.account);
  writeSession(sessionKeys.username, info.account);
  writeSession(sessionKeys.customerId, info.id);
  writeSession(sessionKeys.isAgent, String(info.type));
  usePublicStore.getState().markLoggedIn({
    isAgent: info.isAgent,
    isTrial: info.isTrial,
    firstTimeLogin: options.firstTimeLogin ?? info.firstTimeLogin,
  });
};

/** Loads member info afresh (spec section 4: login state becomes true when it loads). */
export const loadMemberInfo = async (
  queryClient: QueryClient,
  options: { firstTimeLogin?: boolean } = {},
): Promise<MemberInfo> => {
  const info = await queryClient.fetchQuery({ ...memberInfoQueryOptions(), staleTime: 0 });
  applyMemberInfo(info, options);
  return info;
};

/** Logout: session storage cleared except the merchant code, logged out, the member's cached data dropped. */
export const endMemberSession = (queryClient: QueryClient): void => {
  clearSessionKeepingMerchant();
  usePublicStore.getState().markLoggedOut();
  for (const name of memberScopedQueries) queryClient.removeQueries({ queryKey: [name] });
};

/** Whether the stored session is a free-play trial (the member type kept under `isAgent`). */
export const isTrialSession = (): boolean =>
  usePublicStore.getState().isTrial || readSession(sessionKeys.isAgent) === String(TRIAL_MEMBER_TYPE);
