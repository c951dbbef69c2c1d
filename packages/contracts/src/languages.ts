/**
 * The interface languages (spec section 9 lists 32; the other 8 complete the 40 the product promises, see
 * docs/decisions/0005-language-list.md). Codes are the platform's own, not BCP 47: `locale` maps each to one.
 */
export const languages = {
  CN: { locale: 'zh-CN', dir: 'ltr' },
  EN: { locale: 'en', dir: 'ltr' },
  JA: { locale: 'ja', dir: 'ltr' },
  TH: { locale: 'th', dir: 'ltr' },
  VI: { locale: 'vi', dir: 'ltr' },
  MY: { locale: 'my', dir: 'ltr' },
  ES: { locale: 'es', dir: 'ltr' },
  HI: { locale: 'hi', dir: 'ltr' },
  ID: { locale: 'id', dir: 'ltr' },
  KM: { locale: 'km', dir: 'ltr' },
  KO: { locale: 'ko', dir: 'ltr' },
  KR: { locale: 'ko-KR', dir: 'ltr' },
  MS: { locale: 'ms', dir: 'ltr' },
  PT: { locale: 'pt-PT', dir: 'ltr' },
  TA: { locale: 'ta', dir: 'ltr' },
  TW: { locale: 'zh-TW', dir: 'ltr' },
  TY: { locale: 'fil', dir: 'ltr' },
  UR: { locale: 'ur', dir: 'rtl' },
  'UR-LA': { locale: 'ur-Latn', dir: 'ltr' },
  'PT-BR': { locale: 'pt-BR', dir: 'ltr' },
  TR: { locale: 'tr', dir: 'ltr' },
  BN: { locale: 'bn', dir: 'ltr' },
  AR: { locale: 'ar', dir: 'rtl' },
  FA: { locale: 'fa', dir: 'rtl' },
  RU: { locale: 'ru', dir: 'ltr' },
  KK: { locale: 'kk', dir: 'ltr' },
  UZ: { locale: 'uz', dir: 'ltr' },
  LO: { locale: 'lo', dir: 'ltr' },
  NE: { locale: 'ne', dir: 'ltr' },
  FR: { locale: 'fr', dir: 'ltr' },
  TE: { locale: 'te', dir: 'ltr' },
  SW: { locale: 'sw', dir: 'ltr' },
  DE: { locale: 'de', dir: 'ltr' },
  IT: { locale: 'it', dir: 'ltr' },
  PL: { locale: 'pl', dir: 'ltr' },
  NL: { locale: 'nl', dir: 'ltr' },
  RO: { locale: 'ro', dir: 'ltr' },
  EL: { locale: 'el', dir: 'ltr' },
  MN: { locale: 'mn', dir: 'ltr' },
  SI: { locale: 'si', dir: 'ltr' },
} as const satisfies Record<string, { locale: string; dir: 'ltr' | 'rtl' }>;

export type LanguageCode = keyof typeof languages;
export const languageCodes = Object.keys(languages) as LanguageCode[];
export const isLanguageCode = (value: string): value is LanguageCode => Object.hasOwn(languages, value);
