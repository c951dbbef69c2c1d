import { type LanguageCode, languages } from '@tessera/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from './format-date-time';

/** The member's own moments (logins, member since) in the reader's language and the device's time zone. */
export const useFormatDateTime = () => {
  const { i18n } = useTranslation();
  const language = (Object.hasOwn(languages, i18n.language) ? i18n.language : 'EN') as LanguageCode;
  return useCallback(
    (iso: string) => formatDateTime(iso, language, Intl.DateTimeFormat().resolvedOptions().timeZone),
    [language],
  );
};
