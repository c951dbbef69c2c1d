import { z } from 'zod';

/**
 * Money on the wire is a decimal string in major units beside its currency ("1234.50" USD); inside, it is an
 * integer of minor units (bigint). One parser, shared by server and browsers, turns the first into the second
 * and names what is wrong with bad input.
 */

const exponents = new Map<string, number>();

/** ISO 4217 minor-unit digits of a currency (USD 2, JPY 0, KWD 3), as the runtime's Intl data knows them. */
export const currencyExponent = (currency: string): number => {
  // Building an Intl.NumberFormat costs tens of microseconds and every money parse or format asks: ask Intl once.
  let exponent = exponents.get(currency);
  if (exponent === undefined) {
    try {
      exponent =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      exponent = 2;
    }
    // Codes come from configuration and input; bound what input can make this remember.
    if (exponents.size < 1_000) exponents.set(currency, exponent);
  }
  return exponent;
};

export type MoneyParseError = 'amount_not_numeric' | 'amount_not_positive' | 'amount_too_precise' | 'amount_too_large';

/** The largest amount any single movement may carry, in minor units (within JavaScript's safe integers). */
export const MAX_MINOR_AMOUNT = 10n ** 15n;

/** Parses a positive decimal amount of `currency` into minor units, or names why it cannot. */
export const parseMoney = (
  text: string,
  currency: string,
): { ok: true; minor: bigint } | { ok: false; error: MoneyParseError } => {
  const trimmed = text.trim();
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(trimmed);
  if (!match) return { ok: false, error: 'amount_not_numeric' };
  const [, sign, whole = '', fraction = ''] = match;
  const exponent = currencyExponent(currency);
  if (fraction.replace(/0+$/, '').length > exponent) return { ok: false, error: 'amount_too_precise' };
  const minor =
    BigInt(whole) * 10n ** BigInt(exponent) + BigInt(fraction.padEnd(exponent, '0').slice(0, exponent) || '0');
  if (sign || minor === 0n) return { ok: false, error: 'amount_not_positive' };
  if (minor > MAX_MINOR_AMOUNT) return { ok: false, error: 'amount_too_large' };
  return { ok: true, minor };
};

/** Minor units back to the wire's decimal string, with exactly the currency's digits ("-12.50"). */
export const formatMinor = (minor: bigint, currency: string): string => {
  const exponent = currencyExponent(currency);
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(exponent + 1, '0');
  const whole = exponent === 0 ? digits : digits.slice(0, -exponent);
  const fraction = exponent === 0 ? '' : `.${digits.slice(-exponent)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
};

/** An amount as an operator types it ("0.10", "5000"); its digits are judged by `amountFieldFor`. */
export const amountTextSchema = z
  .string({ message: 'not_empty' })
  .trim()
  .min(1, { message: 'not_empty' })
  .max(40, { message: 'amount_not_numeric' });

/**
 * One amount of `currency` typed in a back-office form: positive, within the currency's digits, at most `maxMinor`
 * minor units (`field_too_large` with the bound as `max`); each failure is the catalogue's field code.
 */
export const amountFieldFor = (currency: string, maxMinor: bigint) =>
  amountTextSchema.superRefine((text, ctx) => {
    if (text === '') return; // reported as not_empty
    const parsed = parseMoney(text, currency);
    const tooLarge = parsed.ok ? parsed.minor > maxMinor : parsed.error === 'amount_too_large';
    if (tooLarge) {
      ctx.addIssue({ code: 'custom', message: 'field_too_large', params: { max: formatMinor(maxMinor, currency) } });
    } else if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error });
  });

/** The minor units of an amount that passed `amountFieldFor` (a programming error otherwise). */
export const minorOfChecked = (text: string, currency: string): bigint => {
  const parsed = parseMoney(text, currency);
  if (!parsed.ok) throw new RangeError(`unchecked amount: ${parsed.error}`);
  return parsed.minor;
};

/** The minor units of a valid amount of at most `maxMinor`, else null: for comparing two fields once each passed. */
export const minorWithin = (text: string, currency: string, maxMinor: bigint): bigint | null => {
  const parsed = parseMoney(text, currency);
  return parsed.ok && parsed.minor <= maxMinor ? parsed.minor : null;
};
