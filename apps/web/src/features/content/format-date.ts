import { type LanguageCode, languages } from '@tessera/contracts';
import { useMemo } from 'react';
import { warmLocaleData } from '../../shared/i18n/warm-locale-data';
import { usePublicStore } from '../../shared/state/public-store';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

const formats = new Map<LanguageCode, Intl.DateTimeFormat>();

/**
 * Loads a language's date data on a worker thread: the first date format a page makes loads it (tens of
 * milliseconds, more on a phone), so the announcement popup has it loaded there before it opens.
 */
export const warmDateTimeFormat = (language: LanguageCode): Promise<void> =>
  warmLocaleData({ locale: languages[language].locale, dateTime: DATE_TIME });

/** The date-and-time format of a language, made once. */
export const dateTimeFormatOf = (language: LanguageCode): Intl.DateTimeFormat => {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(languages[language].locale, DATE_TIME);
    formats.set(language, format);
  }
  return format;
};

/** Dates in the interface language's own format (spec: formatted per locale). */
export const useFormatDateTime = () => {
  const language = usePublicStore((state) => state.language) ?? 'EN';
  return useMemo(() => {
    const format = dateTimeFormatOf(language);
    return (epochMs: number) => format.format(epochMs);
  }, [language]);
};
