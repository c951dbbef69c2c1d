import { type LanguageCode, languages } from '@tessera/contracts';

/**
 * A wire amount ("1234.50", major units) in the reader's language with its currency. The decimal string goes
 * to Intl as a string, so no digit is lost to floating point. The currency sign is isolated left to right
 * (U+2066…U+2069): in a right-to-left line "US$" would otherwise be drawn as "$US".
 */
/** The shortest sign of a currency: the reader's language's narrow one, or the international "$" style one. */
const narrowSign = (locale: string, currency: string): string => {
  const signOf = (inLocale: string) =>
    new Intl.NumberFormat(inLocale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency;
  const own = signOf(locale);
  const international = signOf('en');
  return international.length < own.length ? international : own;
};

export const formatMoney = (
  amount: string,
  currency: string,
  language: LanguageCode | null,
  /** The shortest sign ("$" rather than "US$"), where room is tight (the header's balance on a phone). */
  { narrow = false }: { narrow?: boolean } = {},
): string => {
  const locale = language ? languages[language].locale : 'en';
  try {
    const sign = narrow ? narrowSign(locale, currency) : null;
    return new Intl.NumberFormat(locale, { style: 'currency', currency })
      .formatToParts(amount as unknown as Parameters<Intl.NumberFormat['format']>[0])
      .map((part) => {
        if (part.type !== 'currency') return part.value;
        const value = sign ?? part.value;
        return languages[language ?? 'EN'].dir === 'rtl' ? `\u2066${value}\u2069` : value;
      })
      .join('');
  } catch {
    return `${amount} ${currency}`;
  }
};
