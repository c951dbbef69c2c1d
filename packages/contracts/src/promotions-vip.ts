import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { moneyStringSchema } from './wallet';

/**
 * The VIP programme (spec sections 2, 3 and 6; module VIP3): a merchant's ordered levels, each reached by credited
 * deposits and valid bets, each paying an upgrade bonus into the reward centre once (decision 0040).
 */

/** A level as the member site shows it, its label and benefits in the caller's language (else the merchant's). */
export const vipLevelSchema = z.object({
  rankLevel: z.number().int(),
  labelName: z.string(),
  /** Cumulative credited deposits needed, in major units of `currency`. */
  depositRequirement: moneyStringSchema,
  /** Cumulative valid bets needed. */
  validBetRequirement: moneyStringSchema,
  /** Paid into the reward centre when the level is first reached ("0.00": none). */
  upgradeBonus: moneyStringSchema,
  benefits: z.array(z.string()),
});
export type VipLevel = z.infer<typeof vipLevelSchema>;

export const vipLevelsSchema = z.object({
  currency: z.string(),
  /** Lowest first. */
  levels: z.array(vipLevelSchema),
});
export type VipLevels = z.infer<typeof vipLevelsSchema>;

/** How far one requirement of the next level is met: `percent` 0..100, rounded down. */
export const vipRequirementProgressSchema = z.object({
  current: moneyStringSchema,
  required: moneyStringSchema,
  percent: z.number().int().min(0).max(100),
});

/** Public state `hasVip`, `vipLabelName`, `vipRankLevel` (spec section 3) and the way to the next level. */
export const rankProgressSchema = z.object({
  /** The member takes part: the merchant has levels and the account is not a free-play trial. */
  hasVip: z.boolean(),
  /** The member's level (kept once reached); 0 before the first. */
  vipRankLevel: z.number().int(),
  vipLabelName: z.string().nullable(),
  currency: z.string(),
  /** Credited deposits and valid bets so far. */
  deposits: moneyStringSchema,
  validBets: moneyStringSchema,
  /** The level above the member's, with both requirements' progress; null at the top (or without levels). */
  nextLevel: z
    .object({
      rankLevel: z.number().int(),
      labelName: z.string(),
      upgradeBonus: moneyStringSchema,
      deposits: vipRequirementProgressSchema,
      validBets: vipRequirementProgressSchema,
    })
    .nullable(),
});
export type RankProgress = z.infer<typeof rankProgressSchema>;

export const vipEndpoints = {
  levels: defineEndpoint({
    name: 'vip.levels',
    method: 'GET',
    path: '/wps/promotions/vip/levels',
    moduleIds: ['VIP3'],
    access: access.visitor,
    encrypted: false,
    request: z.strictObject({}),
    response: vipLevelsSchema,
    summary:
      "The merchant's VIP levels, lowest first: requirements, upgrade bonus and benefits, labels in the Language header's language (else the merchant's default).",
  }),
  rankProgress: defineEndpoint({
    name: 'vip.rankProgress',
    method: 'GET',
    path: '/wps/relay/MCSFE_getPlayerRankProgress',
    moduleIds: ['VIP3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({}),
    response: rankProgressSchema,
    summary:
      "The member's VIP level (hasVip, vipRankLevel, vipLabelName), deposits and valid bets so far, and progress towards the next level. Reading it grants the upgrade bonus of every level newly reached.",
  }),
} as const;
