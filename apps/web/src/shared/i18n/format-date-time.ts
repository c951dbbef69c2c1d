import { type LanguageCode, languages } from '@tessera/contracts';

const parts: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
};

/** A moment in the reader's language and the merchant's time zone, e.g. for a maintenance window's end. */
export const formatDateTime = (iso: string, language: LanguageCode, timeZone: string): string => {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(languages[language].locale, { ...parts, timeZone }).format(at);
  } catch {
    // An unknown time zone: show the moment in UTC rather than nothing.
    return new Intl.DateTimeFormat('en', { ...parts, timeZone: 'UTC' }).format(at);
  }
};
