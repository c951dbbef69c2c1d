import { parseMoney } from '@tessera/contracts';
import { encodeFieldError } from './field-error';

export interface AmountLimits {
  currency: string;
  /** Wire amounts in major units ("10.00"); either may be absent. */
  min?: string | null;
  max?: string | null;
}

/**
 * The amount rule the server applies (the shared `parseMoney` and the channel's or method's limits), checked
 * before submitting so the member sees the same code under the field without a round trip.
 */
export const validateAmount =
  ({ currency, min, max }: AmountLimits) =>
  (value: string): true | string => {
    if (value.trim() === '') return 'not_empty';
    const parsed = parseMoney(value, currency);
    if (!parsed.ok) return parsed.error;
    const lower = min ? parseMoney(min, currency) : null;
    if (lower?.ok && parsed.minor < lower.minor) return encodeFieldError('amount_below_minimum', { min: min ?? '' });
    const upper = max ? parseMoney(max, currency) : null;
    if (upper?.ok && parsed.minor > upper.minor) return encodeFieldError('amount_above_maximum', { max: max ?? '' });
    return true;
  };

const PRESETS = [50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000];

/** Quick amounts within the limits: round figures, starting with the minimum when none fits. */
export const amountPresets = (min: string, max: string, count = 6): string[] => {
  const lower = Number(min);
  const upper = Number(max);
  const inside = PRESETS.filter((value) => value >= lower && value <= upper).map(String);
  const withMin = inside.length > 0 && Number(inside[0]) === lower ? inside : [String(Number(min)), ...inside];
  return withMin.slice(0, count);
};
