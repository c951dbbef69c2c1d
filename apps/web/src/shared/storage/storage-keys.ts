/** Browser storage keys the platform uses (spec section 9, api-facts 12.3). */
export const sessionKeys = {
  token: 'token',
  merchant: 'merchant',
  merchantCode: 'merchantCode',
} as const;

export const localKeys = {
  lang: 'lang',
  hisLang: 'hisLang',
  merchantCode: 'merchantCode',
  theme: 'theme',
} as const;

/** Session keys that survive a logout or a lost session: the merchant code (spec section 4 "Session"). */
export const merchantSessionKeys: readonly string[] = [sessionKeys.merchant, sessionKeys.merchantCode];
