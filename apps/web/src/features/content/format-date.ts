import { type LanguageCode, languages } from '@tessera/contracts';
import { useMemo } from 'react';
import { usePublicStore } from '../../shared/state/public-store';

const formats = new Map<LanguageCode, Intl.DateTimeFormat>();

/**
 * The date-and-time format of a language, made once: the first one a page makes loads the locale's calendar data
 * (tens of milliseconds on a phone), so the announcement popup has it made in a task of its own before it opens.
 */
export const dateTimeFormatOf = (language: LanguageCode): Intl.DateTimeFormat => {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(languages[language].locale, { dateStyle: 'medium', timeStyle: 'short' });
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
