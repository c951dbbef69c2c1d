import { type LanguageCode, languages } from '@tessera/contracts';

/**
 * A wire amount ("1234.50", major units) in the reader's language with its currency. The decimal string goes
 * to Intl as a string, so no digit is lost to floating point.
 */
export const formatMoney = (amount: string, currency: string, language: LanguageCode | null): string => {
  const locale = language ? languages[language].locale : 'en';
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
      amount as unknown as Parameters<Intl.NumberFormat['format']>[0],
    );
  } catch {
    return `${amount} ${currency}`;
  }
};
