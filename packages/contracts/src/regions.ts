import { z } from 'zod';
import { dialingCodes } from './countries';

/**
 * The members' regions an offer is open to: promotions (decision 0140) and red envelopes (decision 0142). A member's
 * region is the country (ISO 3166 alpha-2, from the trusted CDN header) of its registration and latest sign-in.
 */

/** Whether a code is a region an offer may name: a country of the shared list (`dialingCodes`). */
export const isEligibilityRegion = (code: string): boolean => Object.hasOwn(dialingCodes, code);

/** An offer's regions as the editor sends them, upper-cased; none: any region. Unknown codes: `field_not_allowed`. */
export const eligibilityRegionsSchema = z
  .array(z.string().trim().toUpperCase().max(8))
  .max(300)
  .superRefine((codes, ctx) => {
    const unknown = codes.filter((code) => !isEligibilityRegion(code));
    if (unknown.length > 0)
      ctx.addIssue({ code: 'custom', message: 'field_not_allowed', params: { value: unknown[0] } });
  })
  .default([]);

/** Regions as stored: unique and sorted. */
export const storedRegions = (codes: readonly string[]): string[] => [...new Set(codes)].sort();

/** Whether a member of this region (null: unknown) may take part: an offer naming regions needs a known one of them. */
export const inRegions = (regions: readonly string[], country: string | null): boolean =>
  regions.length === 0 || (country !== null && regions.includes(country));
