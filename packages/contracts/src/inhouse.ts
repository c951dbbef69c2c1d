import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { moneyStringSchema } from './wallet';

/** The platform's own provably fair games (packages/engines). Crash is multiplayer; the others are seeded. */
export const inhouseGames = ['dice', 'limbo', 'mines', 'plinko', 'keno', 'slot', 'crash'] as const;
export type InhouseGame = (typeof inhouseGames)[number];
export const seededGames = ['dice', 'limbo', 'mines', 'plinko', 'keno', 'slot'] as const;
export type SeededGameName = (typeof seededGames)[number];

const risk = z.enum(['low', 'medium', 'high'], { message: 'field_invalid' });
const int = (min: number, max: number) =>
  z
    .number({ message: 'field_invalid' })
    .int({ message: 'field_invalid' })
    .min(min, { message: 'field_too_small' })
    .max(max, { message: 'field_too_large' });

export const diceParamsSchema = z.strictObject({
  /** Hundredths: 50.00 → 5000. Under wins below it, over wins above it. */
  target: int(1, 9998),
  direction: z.enum(['under', 'over'], { message: 'field_invalid' }),
});
export const limboParamsSchema = z.strictObject({ target: int(101, 100_000_000) });
export const minesParamsSchema = z.strictObject({ mines: int(1, 24) });
export const plinkoParamsSchema = z.strictObject({ rows: int(8, 16), risk });
export const kenoParamsSchema = z.strictObject({
  picks: z
    .array(int(1, 40))
    .min(1, { message: 'field_too_short' })
    .max(10, { message: 'field_too_long' })
    .refine((picks) => new Set(picks).size === picks.length, { message: 'field_invalid' }),
  risk,
});
export const slotParamsSchema = z.strictObject({});

/** The client's own key for a bet: the same key again answers with the first bet instead of betting twice. */
export const idempotencyKeySchema = z
  .string({ message: 'not_empty' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'field_invalid' });
/** Decimal in major units as typed ("1.50"); checked against the currency's digits and the merchant's limits. */
export const inhouseStakeSchema = z.string({ message: 'not_empty' }).trim().min(1, { message: 'not_empty' }).max(40);

const betBase = { stake: inhouseStakeSchema, idempotencyKey: idempotencyKeySchema };
export const placeBetSchema = z.discriminatedUnion('game', [
  z.strictObject({ game: z.literal('dice'), params: diceParamsSchema, ...betBase }),
  z.strictObject({ game: z.literal('limbo'), params: limboParamsSchema, ...betBase }),
  z.strictObject({ game: z.literal('mines'), params: minesParamsSchema, ...betBase }),
  z.strictObject({ game: z.literal('plinko'), params: plinkoParamsSchema, ...betBase }),
  z.strictObject({ game: z.literal('keno'), params: kenoParamsSchema, ...betBase }),
  z.strictObject({ game: z.literal('slot'), params: slotParamsSchema, ...betBase }),
]);
export type PlaceBet = z.infer<typeof placeBetSchema>;

const slotSymbol = z.enum(['wild', 'scatter', 'seven', 'bell', 'melon', 'grape', 'orange', 'lemon', 'cherry']);

export const multiplierSchema = z.object({ numerator: z.number().int(), denominator: z.number().int() });
export type MultiplierValue = z.infer<typeof multiplierSchema>;

const roundFields = {
  id: z.string(),
  status: z.enum(['open', 'settled', 'refunded']),
  currency: z.string(),
  stake: moneyStringSchema,
  payout: moneyStringSchema,
  multiplier: multiplierSchema,
  /** Seeded games: the pair's server seed hash; crash: the round's game hash once it ended, else the chain's terminal hash. */
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** Seeded games: the bet's nonce; crash: the game number in the chain. */
  nonce: z.number().int(),
  /** Only once the pair has been rotated (or, for crash, the round's game hash once it ended). */
  serverSeed: z.string().nullable(),
  balanceBefore: moneyStringSchema,
  balanceAfter: moneyStringSchema.nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
};

/** A round: its choices and what the seeds drew; an open mines round shows only the tiles revealed so far. */
export const roundSchema = z.discriminatedUnion('game', [
  z.object({
    ...roundFields,
    game: z.literal('dice'),
    params: diceParamsSchema,
    outcome: z.object({ roll: z.number() }).nullable(),
  }),
  z.object({
    ...roundFields,
    game: z.literal('limbo'),
    params: limboParamsSchema,
    outcome: z.object({ result: z.number() }).nullable(),
  }),
  z.object({
    ...roundFields,
    game: z.literal('mines'),
    params: z.object({ mines: z.number(), picks: z.array(z.number()) }),
    outcome: z.object({ mineTiles: z.array(z.number()) }).nullable(),
  }),
  z.object({
    ...roundFields,
    game: z.literal('plinko'),
    params: z.object({ rows: z.number(), risk }),
    outcome: z.object({ bounces: z.array(z.number()), slot: z.number() }).nullable(),
  }),
  z.object({
    ...roundFields,
    game: z.literal('keno'),
    params: z.object({ picks: z.array(z.number()), risk }),
    outcome: z.object({ drawn: z.array(z.number()) }).nullable(),
  }),
  z.object({
    ...roundFields,
    game: z.literal('slot'),
    params: z.object({}),
    outcome: z.object({ stops: z.array(z.number()), window: z.array(z.array(slotSymbol)) }).nullable(),
  }),
  z.object({
    ...roundFields,
    game: z.literal('crash'),
    /** The member's automatic cash-out and the one the merchant's maximum payout sets (hundredths). */
    params: z.object({ autoCashOut: z.number().nullable(), maxCashOut: z.number().nullable() }),
    outcome: z.object({ crashPoint: z.number().nullable(), cashedOutAt: z.number().nullable() }).nullable(),
  }),
]);
export type InhouseRound = z.infer<typeof roundSchema>;

/** The active pair: the server seed only as its SHA-256 until rotation reveals it. */
export const seedPairSchema = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce the next bet will use. */
  nonce: z.number().int(),
});
export type SeedPair = z.infer<typeof seedPairSchema>;

export const revealedSeedPairSchema = seedPairSchema.extend({ serverSeed: z.string(), revealedAt: z.string() });
export type RevealedSeedPair = z.infer<typeof revealedSeedPairSchema>;

export const clientSeedSchema = z
  .string({ message: 'not_empty' })
  .trim()
  .min(1, { message: 'not_empty' })
  .max(64, { message: 'field_too_long' })
  .regex(/^[\x21-\x7e]+$/, { message: 'field_invalid' });

/** A rotation's new client seed: left empty (or absent), the server makes a random one, as at the first bet. */
export const newClientSeedSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  clientSeedSchema.optional(),
);

export const inhouseGameInfoSchema = z.object({
  game: z.enum(inhouseGames),
  /** Declared return to player, e.g. 0.99. */
  rtp: z.number(),
  maxMultiplier: multiplierSchema,
  currency: z.string(),
  minStake: moneyStringSchema,
  maxStake: moneyStringSchema,
  maxPayout: moneyStringSchema,
});
export type InhouseGameInfo = z.infer<typeof inhouseGameInfoSchema>;

const roundParams = z.strictObject({ id: z.uuid({ message: 'field_invalid' }) });

export const inhouseEndpoints = {
  games: defineEndpoint({
    name: 'inhouse.games',
    method: 'GET',
    path: '/wps/inhouse/games',
    moduleIds: ['COMM3'],
    access: access.visitor,
    encrypted: false,
    request: z.strictObject({}),
    response: z.array(inhouseGameInfoSchema),
    summary: "The in-house games with their declared RTP, maximum multiplier and the merchant's stake limits.",
  }),
  seeds: defineEndpoint({
    name: 'inhouse.seeds',
    method: 'GET',
    path: '/wps/inhouse/seeds',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({}),
    response: seedPairSchema,
    summary: "The member's active seed pair (created on first call): server seed hash, client seed, next nonce.",
  }),
  rotateSeeds: defineEndpoint({
    name: 'inhouse.rotateSeeds',
    method: 'POST',
    path: '/wps/inhouse/seeds/rotate',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({ clientSeed: newClientSeedSchema }),
    response: z.object({ previous: revealedSeedPairSchema, current: seedPairSchema }),
    summary:
      'Reveals the active server seed and starts a new pair with the given client seed (a random one when empty or absent) and nonce 0. Refused with inhouse_round_open while a mines round is open.',
  }),
  revealedSeeds: defineEndpoint({
    name: 'inhouse.revealedSeeds',
    method: 'GET',
    path: '/wps/inhouse/seeds/revealed',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({}),
    response: z.array(revealedSeedPairSchema),
    summary: "The member's last 20 rotated pairs with their revealed server seeds, newest first.",
  }),
  placeBet: defineEndpoint({
    name: 'inhouse.placeBet',
    method: 'POST',
    path: '/wps/inhouse/bets',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: placeBetSchema,
    response: roundSchema,
    summary:
      'Plays one seeded bet in one database transaction (debit, outcome, credit, round). Mines opens a round to reveal and cash out. A repeated idempotencyKey answers with the first round.',
  }),
  minesReveal: defineEndpoint({
    name: 'inhouse.minesReveal',
    method: 'POST',
    path: '/wps/inhouse/mines/:id/reveal',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    params: roundParams,
    request: z.strictObject({ tile: int(0, 24) }),
    response: roundSchema,
    summary: 'Reveals one tile of an open mines round: a mine ends it, the last safe tile cashes out.',
  }),
  minesCashOut: defineEndpoint({
    name: 'inhouse.minesCashOut',
    method: 'POST',
    path: '/wps/inhouse/mines/:id/cashout',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    params: roundParams,
    request: z.strictObject({}),
    response: roundSchema,
    summary: 'Cashes out an open mines round after at least one safe tile.',
  }),
  openMines: defineEndpoint({
    name: 'inhouse.openMines',
    method: 'GET',
    path: '/wps/inhouse/mines/open',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({}),
    response: roundSchema.nullable(),
    summary: "The member's open mines round, if any (it survives a reload).",
  }),
  recall: defineEndpoint({
    name: 'inhouse.recall',
    method: 'GET',
    path: '/wps/inhouse/rounds',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({ game: z.enum(inhouseGames, { message: 'field_invalid' }) }),
    response: z.array(roundSchema),
    summary: "Game recall: the member's last 10 rounds of a game, newest first.",
  }),
  round: defineEndpoint({
    name: 'inhouse.round',
    method: 'GET',
    path: '/wps/inhouse/rounds/:id',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    params: roundParams,
    request: z.strictObject({}),
    response: roundSchema,
    summary: "One of the member's own rounds.",
  }),
} as const;
