import { type LanguageCode, languages } from '@tessera/contracts';
import { currentLocale } from './i18n';

/** A site language's name in the interface language, with its code ("Romanian (RO)"); the code where unknown. */
export const languageNameOf = (): ((language: LanguageCode) => string) => {
  const display = new Intl.DisplayNames([currentLocale()], { type: 'language', fallback: 'code' });
  return (language) => `${display.of(languages[language]?.locale ?? language) ?? language} (${language})`;
};
