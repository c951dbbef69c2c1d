/** Browser storage keys the platform uses (spec section 9, api-facts 12.3). */
export const sessionKeys = {
  token: 'token',
  merchant: 'merchant',
  merchantCode: 'merchantCode',
  // The member's identity after login (api-facts 5, storeInfo); `isAgent` holds the member type, as it always has.
  nickname: 'nickname',
  account: 'account',
  username: 'username',
  customerId: 'customerId',
  isAgent: 'isAgent',
  // The announcement popup, once closed, stays closed for the session (api-facts 9).
  userPopup: 'USER_POPUP',
  anonymousPopup: 'ANONYMOUS_POPUP',
  /** The announcements already shown in this session (title and start), JSON: none shows twice in a session. */
  popupSeen: 'POPUP_SEEN',
} as const;

export const localKeys = {
  lang: 'lang',
  hisLang: 'hisLang',
  merchantCode: 'merchantCode',
  theme: 'theme',
  /** The header's balance is masked ('1') or shown; the spec names no key for it (decision 0015). */
  hideBalance: 'hideBalance',
  /** In-house games' sound: 'off' mutes it. */
  inhouseSound: 'inhouseSound',
} as const;

/** Remember-me cookies (api-facts 12.3): one day, the username only, never the password. */
export const cookieNames = {
  /** `<merchant>-login`: the remembered username. */
  rememberedUsername: (merchant: string) => `${merchant}-login`,
  loginRemember: 'loginRemember',
  /** The remembered SMS-login number, JSON `{mobileNum, countryDialingCode}`. */
  loginTypeSms: 'loginTypeSms',
} as const;

/** Remember-me cookies last one day (spec section 9). */
export const REMEMBER_ME_MS = 86_400_000;

/**
 * Session keys that survive a logout or a lost session: the merchant code (spec section 4 "Session"), and what the
 * browser's session has already been shown of the announcements, so that signing out does not show the visitors'
 * announcements again (once per session, api-facts 9).
 */
export const merchantSessionKeys: readonly string[] = [
  sessionKeys.merchant,
  sessionKeys.merchantCode,
  sessionKeys.anonymousPopup,
  sessionKeys.popupSeen,
];
