/** Amounts travel as integer strings of minor units (cents); the currency says how many minor digits it has. */

const SUPPORTED_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** Up to 15 digits, so every amount is also an exact JavaScript number; no leading zeros, no zero. */
export const MINOR_AMOUNT = /^[1-9][0-9]{0,14}$/;

export const isSupportedCurrency = (code: string): boolean => /^[A-Z]{3}$/.test(code) && SUPPORTED_CURRENCIES.has(code);

const formatters = new Map<string, Intl.NumberFormat>();

const formatterFor = (currency: string): Intl.NumberFormat => {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  return formatter;
};

/** The number of minor digits of a currency: USD 2, JPY 0, BHD 3. */
export const minorDigits = (currency: string): number =>
  formatterFor(currency).resolvedOptions().maximumFractionDigits ?? 2;

/** `("10000", "USD")` → `"$100.00"`; exact for any amount (the decimal string is formatted, not a float). */
export const formatAmount = (minor: string, currency: string): string => {
  const digits = minorDigits(currency);
  const padded = minor.padStart(digits + 1, '0');
  const whole = padded.slice(0, padded.length - digits);
  const decimal = digits === 0 ? whole : `${whole}.${padded.slice(padded.length - digits)}`;
  return formatterFor(currency).format(decimal as `${number}`);
};
