import type { PopupAnnouncement } from '@tessera/contracts';
import { sessionKeys } from '../../shared/storage/storage-keys';

/** Spec section 9: the announcement popup shows 7 announcements a page. */
export const POPUP_PAGE_SIZE = 7;

/** Spec section 4: members see A (plus F on a first login), visitors see B. */
export const popupsFor = (
  popups: readonly PopupAnnouncement[],
  viewer: { isLogin: boolean; firstTimeLogin: boolean },
): PopupAnnouncement[] =>
  popups.filter((popup) =>
    viewer.isLogin
      ? popup.execution === 'A' || (popup.execution === 'F' && viewer.firstTimeLogin)
      : popup.execution === 'B',
  );

/** Where the closure is remembered: per signed-in user or for the anonymous visitor (api-facts 9). */
export const popupClosureKeyOf = (isLogin: boolean): string =>
  isLogin ? sessionKeys.userPopup : sessionKeys.anonymousPopup;
