import { type LanguageCode, languages } from '@tessera/contracts';

/** A wire percentage ("0.80", "12.5") as the exact decimal fraction it stands for ("0.0080", "0.125"). */
export const rateFraction = (percent: string): string => {
  const [whole = '0', decimals = ''] = percent.split('.');
  const digits = whole.padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}${decimals}`.replace(/^0+(?=\d)/, '');
};

/**
 * A rebate rate in the reader's language ("0.8%", "%٠٫٨"): the fraction goes to Intl as a string, so no digit is
 * lost to floating point; up to the four decimals a rate may have.
 */
export const formatRate = (percent: string, language: LanguageCode): string => {
  const locale = languages[language].locale;
  try {
    return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4 }).format(
      rateFraction(percent) as unknown as number,
    );
  } catch {
    return `${percent}%`;
  }
};
