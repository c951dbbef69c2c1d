import { type LanguageCode, languages } from '@tessera/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from './format-money';

/** Formats wire amounts in the reader's language: `format("1234.50", "USD")` → "$1,234.50". */
export const useFormatMoney = () => {
  const { i18n } = useTranslation();
  const language = (Object.hasOwn(languages, i18n.language) ? i18n.language : 'EN') as LanguageCode;
  return useCallback((amount: string, currency: string) => formatMoney(amount, currency, language), [language]);
};
