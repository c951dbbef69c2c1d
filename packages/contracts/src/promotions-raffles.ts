import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { type LanguageCode, languageCodes } from './languages';
import { merchantCodeSchema } from './merchants';
import { amountTextSchema } from './money';
import { moneyStringSchema } from './wallet';

/**
 * Raffle promotions created by operators (issue 28, decision 0122). Members join a raffle
 * (`MCS2_claimRafflePromotion`, or its `MCSFE_` name) while its ticket window is open; from then on, inside the
 * window, every `ticketPerDeposit` of credited deposits and every `ticketPerValidBet` of settled valid bets earns a
 * ticket. The draw is committed at creation by the SHA-256 of a secret server seed; once the draw time has passed a
 * job draws the winners from the seed and the ordered ticket list (`drawRaffleWinners` in @tessera/engines), pays
 * each prize once from the merchant's promotions account and reveals the seed, so anyone can recompute the winners.
 */

export const RAFFLE_TITLE_MAX = 60;
export const RAFFLE_TEXT_MAX = 500;
export const RAFFLE_PRIZES_MAX = 100;

export const raffleTextSchema = z.strictObject({
  title: z.string().trim().min(1, { message: 'not_empty' }).max(RAFFLE_TITLE_MAX, { message: 'field_too_long' }),
  text: z.string().trim().max(RAFFLE_TEXT_MAX, { message: 'field_too_long' }),
});
export type RaffleText = z.infer<typeof raffleTextSchema>;

const timeSchema = z.iso.datetime({ offset: true, message: 'field_invalid' });
const optionalAmount = z.union([amountTextSchema, z.literal('')]);

/**
 * A raffle as the editor sends it. Amounts are in major units, judged in the merchant's currency by the server; at
 * least one way of earning tickets; the window must end in the future and the draw come at or after its end.
 */
export const raffleInputSchema = z
  .strictObject({
    texts: z.partialRecord(z.enum(languageCodes as [LanguageCode, ...LanguageCode[]]), raffleTextSchema),
    ticketsFrom: timeSchema,
    ticketsTo: timeSchema,
    drawAt: timeSchema,
    /** One ticket per this much credited deposit in the window ('' : deposits earn none). */
    ticketPerDeposit: optionalAmount,
    /** One ticket per this much settled valid bet in the window ('' : bets earn none). */
    ticketPerValidBet: optionalAmount,
    /** The prizes in draw order, one winner each. */
    prizes: z
      .array(amountTextSchema)
      .min(1, { message: 'raffle_prizes_required' })
      .max(RAFFLE_PRIZES_MAX, { message: 'field_too_large' }),
  })
  .superRefine((value, ctx) => {
    if (Date.parse(value.ticketsTo) <= Date.parse(value.ticketsFrom)) {
      ctx.addIssue({ code: 'custom', path: ['ticketsTo'], message: 'date_range_invalid' });
    }
    if (Date.parse(value.drawAt) < Date.parse(value.ticketsTo)) {
      ctx.addIssue({ code: 'custom', path: ['drawAt'], message: 'raffle_draw_before_close' });
    }
    if (value.ticketPerDeposit === '' && value.ticketPerValidBet === '') {
      ctx.addIssue({ code: 'custom', path: ['ticketPerDeposit'], message: 'raffle_no_ticket_rule' });
    }
  });
export type RaffleInput = z.infer<typeof raffleInputSchema>;

/**
 * What the member sees of a raffle: coming_soon (window not open), open (may join), joined (earning tickets),
 * closed (window over, not drawn yet), drawn (winners known, seed revealed).
 */
export const raffleStates = ['coming_soon', 'open', 'joined', 'closed', 'drawn'] as const;
export type RaffleState = (typeof raffleStates)[number];

export const raffleWinnerSchema = z.object({
  prizeIndex: z.number().int(),
  amount: moneyStringSchema,
  /** The winning entry's number in the ticket list. */
  entryNo: z.number().int(),
  /** The winner's username, masked (first characters and the last). */
  username: z.string(),
  /** Whether the reader is this winner. */
  mine: z.boolean(),
});

export const memberRaffleSchema = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  currency: z.string(),
  ticketsFrom: z.string(),
  ticketsTo: z.string(),
  drawAt: z.string(),
  ticketPerDeposit: moneyStringSchema.nullable(),
  ticketPerValidBet: moneyStringSchema.nullable(),
  prizes: z.array(moneyStringSchema),
  state: z.enum(raffleStates),
  joined: z.boolean(),
  myTickets: z.number().int(),
  totalTickets: z.number().int(),
  /** SHA-256 of the server seed, published from creation. */
  seedHash: z.string(),
  /** The server seed, once drawn (null before). */
  serverSeed: z.string().nullable(),
  winners: z.array(raffleWinnerSchema),
});
export type MemberRaffle = z.infer<typeof memberRaffleSchema>;

/** The published ticket list and winners, for recomputing the draw (scripts/verify-raffle.mjs). */
export const raffleDrawSchema = z.object({
  id: z.string(),
  seedHash: z.string(),
  serverSeed: z.string().nullable(),
  prizesMinor: z.array(z.string()),
  /** Entries in entry order with their tickets (only once drawn; empty before). */
  entries: z.array(z.object({ entryNo: z.number().int(), tickets: z.number().int() })),
  winners: z.array(z.object({ prizeIndex: z.number().int(), entryNo: z.number().int(), amountMinor: z.string() })),
});
export type RaffleDraw = z.infer<typeof raffleDrawSchema>;

const promotionIdRequest = z.strictObject({ promotionId: z.uuid({ message: 'field_invalid' }) });

const claimSummary =
  'Joins the raffle (once per member, inside its ticket window): from then on deposits and valid bets in the window earn tickets. Errors: raffle_not_found (unknown or another merchant), raffle_not_started, raffle_ended, raffle_already_joined.';

export const rafflesEndpoints = {
  claim: defineEndpoint({
    name: 'raffles.claim',
    method: 'POST',
    path: '/wps/relay/MCS2_claimRafflePromotion',
    moduleIds: ['REWCEN3'],
    access: access.realMember,
    encrypted: false,
    request: promotionIdRequest,
    response: memberRaffleSchema,
    summary: claimSummary,
  }),
  claimFe: defineEndpoint({
    name: 'raffles.claimFe',
    method: 'POST',
    path: '/wps/relay/MCSFE_claimRafflePromotion',
    moduleIds: ['REWCEN3'],
    access: access.realMember,
    encrypted: false,
    request: promotionIdRequest,
    response: memberRaffleSchema,
    summary: `The MCSFE name of MCS2_claimRafflePromotion (same answer). ${claimSummary}`,
  }),
  status: defineEndpoint({
    name: 'raffles.status',
    method: 'GET',
    path: '/wps/relay/MCSFE_getRafflePromotionStatus',
    moduleIds: ['REWCEN3'],
    access: access.visitorOrMember,
    encrypted: false,
    request: z.strictObject({ promotionId: z.uuid({ message: 'field_invalid' }).optional() }),
    response: z.object({ list: z.array(memberRaffleSchema) }),
    summary:
      "The merchant's raffles (or the one named) still to come, open, or drawn less than 7 days ago, each with the reader's tickets, the commitment, and once drawn the seed and the winners. Errors: raffle_not_found.",
  }),
  draw: defineEndpoint({
    name: 'raffles.draw',
    method: 'GET',
    path: '/wps/raffles/draw',
    moduleIds: ['REWCEN3'],
    access: access.visitorOrMember,
    encrypted: false,
    request: promotionIdRequest,
    response: raffleDrawSchema,
    summary:
      "A raffle's fairness record: the commitment; once drawn, the seed, every entry's tickets in entry order and the winners, which drawRaffleWinners reproduces. Errors: raffle_not_found.",
  }),
} as const;

export const adminRaffleSchema = z.object({
  id: z.string(),
  texts: z.record(z.string(), raffleTextSchema),
  currency: z.string(),
  ticketsFrom: z.string(),
  ticketsTo: z.string(),
  drawAt: z.string(),
  ticketPerDeposit: moneyStringSchema.nullable(),
  ticketPerValidBet: moneyStringSchema.nullable(),
  prizes: z.array(moneyStringSchema),
  seedHash: z.string(),
  status: z.enum(['open', 'drawn']),
  drawnAt: z.string().nullable(),
  createdAt: z.string(),
  figures: z.object({ entries: z.number().int(), tickets: z.number().int(), paid: moneyStringSchema }),
  /** Once drawn, the winners in prize order with their full usernames (the operator's own merchant). */
  winners: z.array(
    z.object({
      prizeIndex: z.number().int(),
      entryNo: z.number().int(),
      username: z.string(),
      amount: moneyStringSchema,
    }),
  ),
});
export type AdminRaffle = z.infer<typeof adminRaffleSchema>;

const codeParams = z.strictObject({ code: merchantCodeSchema });

export const adminRafflesEndpoints = {
  list: defineEndpoint({
    name: 'admin.raffles',
    method: 'GET',
    path: '/api/admin/merchants/:code/raffles',
    moduleIds: [],
    access: access.operator('promotions.read', 'merchant'),
    encrypted: false,
    params: codeParams,
    request: z.strictObject({}),
    response: z.object({ list: z.array(adminRaffleSchema) }),
    summary: "The merchant's raffles, newest first, with entries, tickets and the prizes paid.",
  }),
  create: defineEndpoint({
    name: 'admin.createRaffle',
    method: 'POST',
    path: '/api/admin/merchants/:code/raffles',
    moduleIds: [],
    access: access.operator('promotions.manage', 'merchant'),
    encrypted: false,
    params: codeParams,
    request: raffleInputSchema,
    response: adminRaffleSchema,
    summary:
      'Creates a raffle (audited) in the merchant currency with a fresh server seed whose SHA-256 is published. Per-field errors: raffle_window_past (ticketsTo), raffle_draw_before_close (drawAt), raffle_no_ticket_rule, raffle_prizes_required, amount errors on each prize.',
  }),
} as const;
