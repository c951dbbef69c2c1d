import { type LanguageCode, languages } from '@tessera/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRate } from './format-rate';

/** Formats wire rates in the reader's language: `format("0.80")` → "0.8%". */
export const useFormatRate = () => {
  const { i18n } = useTranslation();
  const language = (Object.hasOwn(languages, i18n.language) ? i18n.language : 'EN') as LanguageCode;
  return useCallback((percent: string) => formatRate(percent, language), [language]);
};
