import { type LanguageCode, languages } from '@tessera/contracts';

/**
 * A wire amount ("1234.50", major units) in the reader's language with its currency. The decimal string goes
 * to Intl as a string, so no digit is lost to floating point. The currency sign is isolated left to right
 * (U+2066…U+2069): in a right-to-left line "US$" would otherwise be drawn as "$US".
 */
export const formatMoney = (
  amount: string,
  currency: string,
  language: LanguageCode | null,
  /** The shortest sign ("$" rather than "US$"), where room is tight (the header's balance on a phone). */
  { narrow = false }: { narrow?: boolean } = {},
): string => {
  const locale = language ? languages[language].locale : 'en';
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      ...(narrow ? { currencyDisplay: 'narrowSymbol' as const } : {}),
    })
      .formatToParts(amount as unknown as Parameters<Intl.NumberFormat['format']>[0])
      .map((part) =>
        part.type === 'currency' && languages[language ?? 'EN'].dir === 'rtl'
          ? `\u2066${part.value}\u2069`
          : part.value,
      )
      .join('');
  } catch {
    return `${amount} ${currency}`;
  }
};
