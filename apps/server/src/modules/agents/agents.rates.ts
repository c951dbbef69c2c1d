import {
  type AgentRates,
  type FieldError,
  formatRebateRate,
  gameCategories,
  parseRebateRate,
  REBATE_RATE_MAX_PPM,
} from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';

/* Agents' rebate rates per game category (decision 0090): stored as ppm, shown as percentages. */

/** Rates as stored (ppm per category) for the wire: percentages, in the categories' order. */
export const presentRates = (rates: Readonly<Record<string, number>>): AgentRates =>
  Object.fromEntries(
    gameCategories.flatMap((category) => {
      const ppm = rates[category];
      return ppm === undefined ? [] : [[category, formatRebateRate(ppm)]];
    }),
  );

/**
 * Rates as typed (percentages per category; empty: none) to ppm, a zero rate left out; a malformed one is a field
 * error under `<field>.<category>`.
 */
export const parseRates = (field: string, input: Readonly<Record<string, string | undefined>>) => {
  const rates: Record<string, number> = {};
  const errors: FieldError[] = [];
  for (const [category, text] of Object.entries(input)) {
    if (!text?.trim()) continue;
    const parsed = parseRebateRate(text);
    if (!parsed.ok) {
      errors.push({
        path: `${field}.${category}`,
        code: parsed.error,
        ...(parsed.error === 'field_too_large' ? { params: { max: formatRebateRate(REBATE_RATE_MAX_PPM) } } : {}),
      });
    } else if (parsed.ppm > 0) rates[category] = parsed.ppm;
  }
  if (errors.length > 0) throw new AppError('validation_failed', { fieldErrors: errors });
  return rates;
};

/** A new downline agent's rates: the merchant's default rates, each at most its creator's own (decision 0090). */
export const cappedRates = (
  defaults: Readonly<Record<string, number>>,
  cap: Readonly<Record<string, number>> | null,
): Record<string, number> =>
  Object.fromEntries(
    Object.entries(defaults).flatMap(([category, ppm]) => {
      const rate = cap === null ? ppm : Math.min(ppm, cap[category] ?? 0);
      return rate > 0 ? [[category, rate]] : [];
    }),
  );

/**
 * The rates above their cap, as field errors under `rates.<category>` with the cap as `params.max` (a category the
 * cap has none of allows none): the agent's own when it sets a downline's (decision 0090), the upline agent's when
 * an operator sets an agent's (decision 0099).
 */
export const ratesAboveCap = (
  rates: Readonly<Record<string, number>>,
  cap: Readonly<Record<string, number>>,
  code: 'agent_rate_above_own' | 'agent_rate_above_upline',
): FieldError[] =>
  Object.entries(rates)
    .filter(([category, ppm]) => ppm > (cap[category] ?? 0))
    .map(([category]) => ({
      path: `rates.${category}`,
      code,
      params: { max: formatRebateRate(cap[category] ?? 0) },
    }));
