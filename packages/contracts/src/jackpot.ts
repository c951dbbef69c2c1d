import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { inhouseGames } from './inhouse';
import { merchantCodeSchema } from './merchants';
import { amountTextSchema } from './money';
import { moneyStringSchema } from './wallet';

/**
 * The progressive jackpot (issue 29, decision 0115): per merchant and currency a pool seeded by the house, fed a
 * declared share of eligible in-house stakes, won by a provably fair trigger drawn from the bet's own seeds
 * (`jackpotHit` in @tessera/engines) and paid through the ledger once.
 */

/** The in-house games that may feed the jackpot: seeded per-member games (crash rounds share a chain's seed). */
export const jackpotGames = inhouseGames.filter((game) => game !== 'crash') as Exclude<
  (typeof inhouseGames)[number],
  'crash'
>[];
export type JackpotGame = (typeof jackpotGames)[number];

/** Contribution shares are basis points of the stake; at most 10 % of a stake feeds the pool. */
export const JACKPOT_SHARE_MAX_BP = 1000;
/** Trigger probabilities are parts per billion per eligible bet (1,000,000 = one in a thousand). */
export const JACKPOT_PROBABILITY_MAX_PPB = 1_000_000_000;
/** Largest seed, in minor units. */
export const JACKPOT_SEED_MAX_MINOR = 10n ** 12n;

/** The realtime topic of the merchant's pools (`jackpot.value` events). */
export const JACKPOT_TOPIC = 'jackpot';

export const jackpotValueEventSchema = z.object({ currency: z.string(), value: moneyStringSchema });
export type JackpotValueEvent = z.infer<typeof jackpotValueEventSchema>;

/** One pool as the member site shows it. */
export const jackpotPoolSchema = z.object({
  currency: z.string(),
  value: moneyStringSchema,
  eligibleGames: z.array(z.enum(jackpotGames)),
});

/** VIS_getJackpot: the merchant's live pools (enabled ones only; an empty list when it runs none). */
export const jackpotListSchema = z.object({ list: z.array(jackpotPoolSchema) });
export type JackpotList = z.infer<typeof jackpotListSchema>;

/** What lets anyone recompute a win: the bet's seeds and the probability in force (see `jackpotHit`). */
export const jackpotProofSchema = z.object({
  serverSeedHash: z.string(),
  /** Null while the member's seed pair is still active (revealed on rotation). */
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  probabilityPpb: z.number().int(),
  /** The draw: the first 8 bytes of HMAC-SHA256(serverSeed, `jackpot:clientSeed:nonce`), as 16 hex characters. */
  draw: z.string(),
});

export const jackpotWinSchema = z.object({
  id: z.string(),
  roundId: z.string(),
  game: z.string(),
  currency: z.string(),
  amount: moneyStringSchema,
  wonAt: z.string(),
  proof: jackpotProofSchema,
});
export type JackpotWin = z.infer<typeof jackpotWinSchema>;

export const jackpotEndpoints = {
  get: defineEndpoint({
    name: 'jackpot.get',
    method: 'POST',
    path: '/wps/relay/VIS_getJackpot',
    moduleIds: ['COMM3'],
    access: access.visitor,
    encrypted: false,
    request: z.object({}),
    response: jackpotListSchema,
    summary:
      "The merchant's progressive jackpot pools (value in major units, eligible in-house games); pushed live on topic `jackpot` as `jackpot.value`.",
  }),
  myWins: defineEndpoint({
    name: 'jackpot.myWins',
    method: 'GET',
    path: '/wps/jackpot/wins',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({}),
    response: z.object({ list: z.array(jackpotWinSchema) }),
    summary: "The member's own jackpot wins, newest first (at most 50), each with its proof.",
  }),
} as const;

/** The back office's settings form. */
export const jackpotSettingsInputSchema = z.strictObject({
  enabled: z.boolean(),
  seed: amountTextSchema,
  shareBp: z.coerce
    .number({ message: 'field_invalid' })
    .int({ message: 'field_invalid' })
    .min(0, { message: 'field_too_small' })
    .max(JACKPOT_SHARE_MAX_BP, { message: 'field_too_large' }),
  probabilityPpb: z.coerce
    .number({ message: 'field_invalid' })
    .int({ message: 'field_invalid' })
    .min(0, { message: 'field_too_small' })
    .max(JACKPOT_PROBABILITY_MAX_PPB, { message: 'field_too_large' }),
  eligibleGames: z.array(z.enum(jackpotGames, { message: 'field_not_allowed' })).max(jackpotGames.length),
});
export type JackpotSettingsInput = z.infer<typeof jackpotSettingsInputSchema>;

export const adminJackpotSchema = z.object({
  currency: z.string(),
  /** False until an operator first saves settings (the pool is funded with its seed then). */
  configured: z.boolean(),
  enabled: z.boolean(),
  seed: moneyStringSchema,
  shareBp: z.number().int(),
  probabilityPpb: z.number().int(),
  eligibleGames: z.array(z.enum(jackpotGames)),
  value: moneyStringSchema,
  contributions: z.number().int(),
  contributed: moneyStringSchema,
  wins: z.number().int(),
  paid: moneyStringSchema,
  updatedAt: z.string().nullable(),
});
export type AdminJackpot = z.infer<typeof adminJackpotSchema>;

export const adminJackpotWinSchema = jackpotWinSchema.extend({ memberId: z.string(), username: z.string() });
export type AdminJackpotWin = z.infer<typeof adminJackpotWinSchema>;

const merchantParams = z.strictObject({ code: merchantCodeSchema });

export const adminJackpotEndpoints = {
  get: defineEndpoint({
    name: 'admin.jackpot',
    method: 'GET',
    path: '/api/admin/merchants/:code/jackpot',
    moduleIds: [],
    access: access.operator('jackpot.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({}),
    response: adminJackpotSchema,
    summary: "The merchant's jackpot settings, its pool's value and its totals (contributions, wins, paid).",
  }),
  update: defineEndpoint({
    name: 'admin.updateJackpot',
    method: 'PUT',
    path: '/api/admin/merchants/:code/jackpot',
    moduleIds: [],
    access: access.operator('jackpot.manage', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: jackpotSettingsInputSchema,
    response: adminJackpotSchema,
    summary:
      'Sets the jackpot (seed, share in basis points, probability per eligible bet in parts per billion, eligible games, enabled); audited. The first save funds the pool with its seed from the in-house games account; a new seed applies from the next reset. Bad fields answer validation_failed with field errors.',
  }),
  wins: defineEndpoint({
    name: 'admin.jackpotWins',
    method: 'GET',
    path: '/api/admin/merchants/:code/jackpot/wins',
    moduleIds: [],
    access: access.operator('jackpot.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({}),
    response: z.object({ list: z.array(adminJackpotWinSchema) }),
    summary: "The merchant's jackpot wins, newest first (at most 100), each with its proof.",
  }),
} as const;
