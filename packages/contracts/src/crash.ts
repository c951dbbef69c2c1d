import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { idempotencyKeySchema, inhouseStakeSchema, roundSchema } from './inhouse';
import { moneyStringSchema } from './wallet';

/**
 * Multiplayer crash (decision 0022). One round at a time per merchant: a betting window, then a multiplier that
 * rises as e^(ratePerMs × t) from the round's start until the crash point of the round's chain hash. Browsers
 * draw the curve from the start time and the rate; the server sends phase changes and bets, never ticks.
 */
export const crashGrowthSchema = z.object({ ratePerMs: z.number() });

/** The chain a round is played from: its terminal hash and salt were published before its game 1. */
export const crashChainSchema = z.object({
  id: z.string(),
  terminalHash: z.string(),
  salt: z.string(),
  length: z.number().int(),
  createdAt: z.string(),
});
export type CrashChain = z.infer<typeof crashChainSchema>;

/** A round as everyone sees it; its crash point and game hash only once it has crashed. */
export const crashRoundSchema = z.object({
  id: z.string(),
  chainId: z.string(),
  gameNumber: z.number().int(),
  status: z.enum(['betting', 'running', 'crashed']),
  bettingEndsAt: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Hundredths. */
  crashPoint: z.number().int().nullable(),
  gameHash: z.string().nullable(),
});
export type CrashRound = z.infer<typeof crashRoundSchema>;

/** A bet in the players' list: the member's masked name, never the member's id or target. */
export const crashPlayerBetSchema = z.object({
  id: z.string(),
  player: z.string(),
  currency: z.string(),
  stake: moneyStringSchema,
  status: z.enum(['open', 'won', 'lost']),
  /** Hundredths, once cashed out. */
  cashedOutAt: z.number().int().nullable(),
  payout: moneyStringSchema,
});
export type CrashPlayerBet = z.infer<typeof crashPlayerBetSchema>;

export const crashHistoryEntrySchema = z.object({
  id: z.string(),
  chainId: z.string(),
  gameNumber: z.number().int(),
  crashPoint: z.number().int(),
  gameHash: z.string(),
  endedAt: z.string(),
});
export type CrashHistoryEntry = z.infer<typeof crashHistoryEntrySchema>;

/** Pushed on topic `crash` at each phase change: betting opens, the round starts, the round crashes. */
export const crashRoundEventSchema = z.object({
  /** The server's clock when the event was made, for the browser's clock offset. */
  serverTime: z.string(),
  growth: crashGrowthSchema,
  chain: crashChainSchema,
  round: crashRoundSchema,
});
export type CrashRoundEvent = z.infer<typeof crashRoundEventSchema>;

/** Pushed on topic `crash` when a bet is placed or settled. */
export const crashBetEventSchema = z.object({ roundId: z.string(), bet: crashPlayerBetSchema });
export type CrashBetEvent = z.infer<typeof crashBetEventSchema>;

export const crashStateSchema = z.object({
  serverTime: z.string(),
  growth: crashGrowthSchema,
  /** Null only before the merchant's first chain exists. */
  chain: crashChainSchema.nullable(),
  round: crashRoundSchema.nullable(),
  bets: z.array(crashPlayerBetSchema),
  /** The last crashed rounds, newest first, with their revealed hashes. */
  history: z.array(crashHistoryEntrySchema),
  /** The signed-in member's bet in the current round (it survives a reload). */
  myBet: roundSchema.nullable(),
});
export type CrashState = z.infer<typeof crashStateSchema>;

/** Hundredths: 2.00× → 200; from 1.01× to the 1,000,000× cap. */
export const crashAutoCashOutSchema = z
  .number({ message: 'field_invalid' })
  .int({ message: 'field_invalid' })
  .min(101, { message: 'field_too_small' })
  .max(100_000_000, { message: 'field_too_large' });

export const crashBetRequestSchema = z.strictObject({
  stake: inhouseStakeSchema,
  autoCashOut: crashAutoCashOutSchema.nullable(),
  idempotencyKey: idempotencyKeySchema,
});
export type CrashBetRequest = z.infer<typeof crashBetRequestSchema>;

export const CRASH_TOPIC = 'crash';

export const crashEndpoints = {
  state: defineEndpoint({
    name: 'crash.state',
    method: 'GET',
    path: '/wps/inhouse/crash',
    moduleIds: ['COMM3'],
    access: access.visitorOrMember,
    encrypted: false,
    request: z.strictObject({}),
    response: crashStateSchema,
    summary:
      "The merchant's crash round now (phase, start, growth), its chain's terminal hash and salt, the players' bets, the last crash points with their revealed hashes, and the caller's own bet.",
  }),
  placeBet: defineEndpoint({
    name: 'crash.placeBet',
    method: 'POST',
    path: '/wps/inhouse/crash/bets',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: crashBetRequestSchema,
    response: roundSchema,
    summary:
      'A bet in the betting window of the current round (one per member and round), with an optional automatic cash-out. A repeated idempotencyKey answers with the first bet.',
  }),
  cashOut: defineEndpoint({
    name: 'crash.cashOut',
    method: 'POST',
    path: '/wps/inhouse/crash/bets/:id/cashout',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    params: z.strictObject({ id: z.uuid({ message: 'field_invalid' }) }),
    request: z.strictObject({}),
    response: roundSchema,
    summary:
      "Cashes out the member's running bet at the multiplier the server's clock gives now; refused with crash_no_open_bet before the start, after the crash or once settled.",
  }),
} as const;
