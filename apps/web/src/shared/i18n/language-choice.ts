import { isLanguageCode, type LanguageCode, languages } from '@tessera/contracts';

export interface LanguageChoice {
  language: LanguageCode;
  /** Values to write to localStorage `lang` / `hisLang`; absent keys stay as they are. */
  writes: { lang?: LanguageCode; hisLang?: LanguageCode };
}

/**
 * The language at site start (spec section 9): the stored `lang` when the merchant supports it; with none
 * stored, the merchant default, saved as both the history and the current language; a stored language the
 * merchant no longer offers gives way to the default.
 */
export const chooseStartLanguage = (input: {
  stored: string | null;
  supported: readonly LanguageCode[];
  defaultLanguage: LanguageCode;
}): LanguageChoice => {
  const { stored, supported, defaultLanguage } = input;
  if (stored === null || stored === '') {
    return { language: defaultLanguage, writes: { lang: defaultLanguage, hisLang: defaultLanguage } };
  }
  if (isLanguageCode(stored) && supported.includes(stored)) return { language: stored, writes: {} };
  return { language: defaultLanguage, writes: { lang: defaultLanguage } };
};

/** A user's switch: the earlier choice becomes the history language. */
export const chooseSwitchedLanguage = (current: LanguageCode | null, next: LanguageCode): LanguageChoice => ({
  language: next,
  writes: current && current !== next ? { lang: next, hisLang: current } : { lang: next },
});

/** Missing translations fall back to the merchant default, then EN. */
export const fallbackChainOf = (language: string, defaultLanguage: LanguageCode | null): string[] =>
  [...new Set([defaultLanguage ?? 'EN', 'EN'])].filter((code) => code.toUpperCase() !== language.toUpperCase());

export const directionOf = (language: LanguageCode): 'ltr' | 'rtl' => languages[language].dir;

/**
 * The language the interface is actually shown in (decision 0018): the chosen one when its catalogue ships,
 * else the merchant default when that ships, else EN. `<html lang dir>` follow it, so a reader is never told a
 * page is Persian while it reads English.
 */
export const displayedLanguageOf = (
  chosen: LanguageCode,
  defaultLanguage: LanguageCode | null,
  shipped: ReadonlySet<string>,
): LanguageCode => {
  if (shipped.has(chosen)) return chosen;
  if (defaultLanguage && shipped.has(defaultLanguage)) return defaultLanguage;
  return 'EN';
};
