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

/** An announcement's identity across audiences: the same text shown to visitors and members is one announcement. */
export const popupKeyOf = (popup: Pick<PopupAnnouncement, 'title' | 'startDate'>): string =>
  `${popup.title}|${popup.startDate}`;

/** The session's seen list (JSON array of keys); anything unreadable counts as nothing seen. */
export const parseSeenPopups = (stored: string | null): Set<string> => {
  if (!stored) return new Set();
  try {
    const parsed: unknown = JSON.parse(stored);
    return new Set(Array.isArray(parsed) ? parsed.filter((key): key is string => typeof key === 'string') : []);
  } catch {
    return new Set();
  }
};

/**
 * What the popup shows (decision 0066): the audience's announcements less those this browser session has already
 * been shown, so a member who read them as a visitor is not shown them again after the login-success dialog.
 */
export const unseenPopups = (popups: readonly PopupAnnouncement[], seen: ReadonlySet<string>): PopupAnnouncement[] =>
  popups.filter((popup) => !seen.has(popupKeyOf(popup)));
