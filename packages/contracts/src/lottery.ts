import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { merchantCodeSchema } from './merchants';
import { amountTextSchema } from './money';

/**
 * The lottery launch (spec section 3 "Lottery launch", api-facts 8.6): the member site's lottery pages start a
 * lottery vendor's game through /wps/game/launchGame with `launchMode=LOTT` and these fields instead of a nodeId.
 */

/** Prize modes of the brand configuration (ModeLott=LOTT, ModeZy=ZY, ModeElott=ELOTT, ModeSea=SEA). */
export const lottoPrizeModes = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const;
export type LottoPrizeMode = (typeof lottoPrizeModes)[number];

/** The lottery areas: the Vietnamese lotto gateway (the reference client's value) and South-East Asia. */
export const lottoAreas = ['VN', 'SEA'] as const;
export type LottoArea = (typeof lottoAreas)[number];

export const lottoViews = ['betting', 'lobby'] as const;
export type LottoView = (typeof lottoViews)[number];

export const lottoDevices = ['WEB', 'MOBILE'] as const;
export type LottoDevice = (typeof lottoDevices)[number];

/** The launchMode that marks a lottery launch. */
export const LOTTERY_LAUNCH_MODE = 'LOTT';

/** The member site's lottery pages (spec section 4: launch rules by provider code). */
export const lotteryPagePaths = ['/lottery', '/seaLottery', '/vnLottery'] as const;
export type LotteryPagePath = (typeof lotteryPagePaths)[number];

/**
 * Each lottery vendor (provider code): the page it opens on, its area and its prize mode. ELOTT is also the mode
 * of the Vietnamese lotto (spec section 4 "Lobby": prize mode becomes ELOTT when the ELOTT category has a
 * TCG_LOTTO_VN or LOTT card).
 */
export const lotteryVendors: Readonly<
  Record<string, { page: LotteryPagePath; lottoArea: LottoArea; prizeMode: LottoPrizeMode }>
> = {
  LOTT: { page: '/lottery', lottoArea: 'VN', prizeMode: 'LOTT' },
  ELOTT: { page: '/lottery', lottoArea: 'VN', prizeMode: 'ELOTT' },
  TCG_LOTTO_VN: { page: '/vnLottery', lottoArea: 'VN', prizeMode: 'ELOTT' },
  TCG_SEA: { page: '/seaLottery', lottoArea: 'SEA', prizeMode: 'SEA' },
};

/** The prize mode a member starts with, and the one a game's existing odds were kept under (decision 0159). */
export const DEFAULT_LOTTO_PRIZE_MODE: LottoPrizeMode = 'LOTT';

/**
 * The lobby's prize mode (spec section 4 "Lobby") from the vendors (vassalage) of the ELOTT category's cards: ELOTT
 * when one is TCG_LOTTO_VN or LOTT, otherwise LOTT.
 */
export const prizeModeOfElottVendors = (vassalages: readonly string[]): LottoPrizeMode =>
  vassalages.some((vassalage) => vassalage === 'TCG_LOTTO_VN' || vassalage === 'LOTT')
    ? 'ELOTT'
    : DEFAULT_LOTTO_PRIZE_MODE;

/** The vendors a launch of this area and prize mode may open (the lobby view opens the first game of them). */
export const lotteryVendorsOf = (area: LottoArea, prizeMode: LottoPrizeMode): string[] =>
  Object.entries(lotteryVendors)
    .filter(([, vendor]) => vendor.lottoArea === area && vendor.prizeMode === prizeMode)
    .map(([code]) => code);

/** The lottery fields of a launch request (all optional on the wire; `checkLotteryLaunch` makes them required). */
export const lotteryLaunchFields = {
  lottoArea: z.enum(lottoAreas, { message: 'field_not_allowed' }).optional(),
  lottoPrizeMode: z.enum(lottoPrizeModes, { message: 'field_not_allowed' }).optional(),
  /** The game code (may be empty: the lobby view). */
  lottoGameCode: z.string().trim().max(60).optional(),
  lottoView: z.enum(lottoViews, { message: 'field_not_allowed' }).optional(),
  device: z.enum(lottoDevices, { message: 'field_not_allowed' }).optional(),
  /** The member site's page the lottery's back control returns to: an http(s) URL on the site's own host. */
  backUrl: z.string().trim().max(500).optional(),
};

interface LotteryLaunchInput {
  nodeId?: string | undefined;
  launchMode?: string | undefined;
  lottoArea?: LottoArea | undefined;
  lottoPrizeMode?: LottoPrizeMode | undefined;
  lottoGameCode?: string | undefined;
  lottoView?: LottoView | undefined;
  backUrl?: string | undefined;
}

/**
 * The cross-field rules of a launch: a standard launch names its game (nodeId); a lottery launch (launchMode LOTT)
 * names its area, prize mode, view and back address, and the betting view its game code.
 */
export const checkLotteryLaunch = (input: LotteryLaunchInput, ctx: z.RefinementCtx): void => {
  const missing = (path: string) => ctx.addIssue({ code: 'custom', path: [path], message: 'not_empty' });
  if (input.launchMode !== LOTTERY_LAUNCH_MODE) {
    if (!input.nodeId) missing('nodeId');
    return;
  }
  if (!input.lottoArea) missing('lottoArea');
  if (!input.lottoPrizeMode) missing('lottoPrizeMode');
  if (!input.lottoView) missing('lottoView');
  if (!input.backUrl) missing('backUrl');
  if (input.lottoView === 'betting' && !input.lottoGameCode) missing('lottoGameCode');
  if (input.backUrl && !/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(input.backUrl)) {
    ctx.addIssue({ code: 'custom', path: ['backUrl'], message: 'field_invalid' });
  }
};

// ---------------------------------------------------------------------------------------------------------------
// The platform's own lottery (issue 29, decisions 0084-0086): scheduled five-digit draws, verifiable by their
// committed seed, tickets holding their stake until the draw.

/** The fast five-digit bet types (the engines' `fiveDigitBetTypes`, repeated here: contracts import zod only). */
export const lotteryBetTypes = [
  'position',
  'position_big_small',
  'position_odd_even',
  'sum_big_small',
  'sum_odd_even',
  'sum',
  'front2',
  'back2',
  'front3',
  'back3',
  'straight5',
] as const;
export type LotteryBetType = (typeof lotteryBetTypes)[number];
/** The 4D bet types (decision 0108): Big wins on any of the 23 numbers, Small on the first three. */
export const fourDBetTypes = ['big', 'small'] as const;
export type FourDBetTypeName = (typeof fourDBetTypes)[number];
/** The 4D prize tiers in draw order: a draw's 23 numbers are first, second, third, 10 starter, 10 consolation. */
export const fourDTierNames = ['first', 'second', 'third', 'starter', 'consolation'] as const;
/** How many numbers a 4D draw has (a five-digit draw has five). */
export const FOUR_D_DRAW_SIZE = 23;
/**
 * The Vietnamese regional bet types (decision 0134; the engines' `vnBetTypes`): lô (a two-digit ending, paid per
 * number of the draw ending in it), đề (the special prize's last two digits), 3 càng (its last three), xiên 2/3/4
 * (two to four different endings, all among the draw's).
 */
export const vnBetTypeNames = ['lo', 'de', 'three_cang', 'xien2', 'xien3', 'xien4'] as const;
export type VnBetTypeName = (typeof vnBetTypeNames)[number];
/** Every bet type of every game kind (a game takes only its own kind's). */
export const lotteryAnyBetTypes = [...lotteryBetTypes, ...fourDBetTypes, ...vnBetTypeNames] as const;
export type LotteryAnyBetType = (typeof lotteryAnyBetTypes)[number];
/**
 * The kinds of game: the fast five-digit draws, the South-East Asian 4D, and the Vietnamese regional draws (north:
 * 27 numbers in 8 tiers; central and south: 18 numbers in 9 tiers), each drawn once a day.
 */
export const lotteryGameKinds = ['five_digit', 'four_d', 'vn_north', 'vn_central', 'vn_south'] as const;
export type LotteryGameKind = (typeof lotteryGameKinds)[number];
export const vnGameKinds = ['vn_north', 'vn_central', 'vn_south'] as const;
export type VnGameKind = (typeof vnGameKinds)[number];
export const isVnKind = (kind: LotteryGameKind): kind is VnGameKind =>
  (vnGameKinds as readonly string[]).includes(kind);
/**
 * The prize mode a member plays a game of this kind in (decision 0159), as the launch rules choose it (spec section
 * 4): the 4D page's vendor TCG_SEA has SEA, the Vietnamese page's TCG_LOTTO_VN has ELOTT, and the fast games of
 * /lottery take the lobby's prize mode (`prizeModeOfLanes`).
 */
export const lotteryPrizeModeOf = (kind: LotteryGameKind, lobbyPrizeMode: LottoPrizeMode): LottoPrizeMode =>
  kind === 'four_d'
    ? (lotteryVendors.TCG_SEA?.prizeMode ?? lobbyPrizeMode)
    : isVnKind(kind)
      ? (lotteryVendors.TCG_LOTTO_VN?.prizeMode ?? lobbyPrizeMode)
      : lobbyPrizeMode;
/** The bet types a game of this kind takes. */
export const betTypesOfKind = (kind: LotteryGameKind): readonly LotteryAnyBetType[] =>
  kind === 'four_d' ? fourDBetTypes : isVnKind(kind) ? vnBetTypeNames : lotteryBetTypes;
export const lotteryBetSides = ['big', 'small', 'odd', 'even'] as const;

export const lotteryDrawStatuses = ['open', 'drawn', 'settled', 'cancelled'] as const;
export type LotteryDrawStatus = (typeof lotteryDrawStatuses)[number];
export const lotteryTicketStatuses = ['pending', 'won', 'lost', 'refunded'] as const;
export type LotteryTicketStatus = (typeof lotteryTicketStatuses)[number];

/** The realtime topic of the merchant's draws (`lottery.draw` events). */
export const LOTTERY_TOPIC = 'lottery';
/** Tickets one purchase may hold. */
export const LOTTERY_LINES_MAX = 50;
/** Longest cancel reason. */
export const LOTTERY_REASON_MAX = 300;
/**
 * The draw intervals an operator may choose (seconds): whole minutes that divide a day, so every day's draws fall on
 * the same clock times and a draw's number (its UTC date and minute of the day) is unique whatever the interval.
 */
export const lotteryIntervals = [60, 120, 180, 300, 600, 900, 1800, 3600] as const;
/** The interval of the daily Vietnamese draws (decision 0134): one draw a day at the region's time of day. */
export const LOTTERY_DAILY_INTERVAL = 86_400;
/**
 * Whether a game of this kind may (or must) draw once a day at its draw time (decision 0159): the Vietnamese
 * regional draws always do, a 4D game may, the fast games never.
 */
export const dailyIntervalOf = (kind: LotteryGameKind): 'required' | 'allowed' | 'refused' =>
  isVnKind(kind) ? 'required' : kind === 'four_d' ? 'allowed' : 'refused';
/** A daily draw's time of day, "HH:MM" on the merchant's clock (24 hours). */
export const LOTTERY_DRAW_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** The minute of the day as "HH:MM". */
export const drawTimeOfMinute = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
/** "HH:MM" as the minute of the day (null when it is not a time of day). */
export const minuteOfDrawTime = (text: string): number | null => {
  if (!LOTTERY_DRAW_TIME_PATTERN.test(text)) return null;
  const [hours, minutes] = text.split(':').map(Number);
  return (hours as number) * 60 + (minutes as number);
};

const gameCode = z
  .string({ message: 'not_empty' })
  .trim()
  .min(1, { message: 'not_empty' })
  .max(20, { message: 'field_too_long' })
  .regex(/^[A-Z0-9_]+$/, { message: 'field_invalid' });
const drawNo = z
  .string({ message: 'not_empty' })
  .trim()
  .min(1, { message: 'not_empty' })
  .max(20, { message: 'field_too_long' })
  .regex(/^\d+$/, { message: 'field_invalid' });
const lotteryMoney = z.string().regex(/^-?\d+(\.\d+)?$/);
const pageNo = z.coerce.number({ message: 'field_invalid' }).int().min(1).max(10_000).default(1);

/** A draw as the public sees it: the commitment always, the seed and numbers once drawn. */
export const lotteryDrawSchema = z.object({
  id: z.string(),
  gameCode: z.string(),
  drawNo: z.string(),
  status: z.enum(lotteryDrawStatuses),
  opensAt: z.string(),
  closesAt: z.string(),
  drawAt: z.string(),
  /** SHA-256 of the server seed, published before the draw opened. */
  seedHash: z.string(),
  beacon: z.string().nullable(),
  /** Revealed with the results (null before, and for a draw cancelled before it was drawn). */
  serverSeed: z.string().nullable(),
  numbers: z.array(z.number().int()).nullable(),
  drawnAt: z.string().nullable(),
});
export type LotteryDraw = z.infer<typeof lotteryDrawSchema>;

export const lotteryBetTypeInfoSchema = z.object({
  betType: z.enum(lotteryAnyBetTypes),
  /**
   * Multipliers paid on a win, stake included ("9.75"); `sum` lists one per value 0 … 45; a 4D bet type one per
   * tier in `fourDTierNames` order ("0.00": the tier pays nothing).
   */
  odds: z.array(z.string()),
  /** The exact return to player, lowest and highest over the bet type's selections, in percent ("97.5000"). */
  rtpMin: z.string(),
  rtpMax: z.string(),
});

export const lotteryGameSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(lotteryGameKinds),
  intervalSeconds: z.number().int(),
  closeSeconds: z.number().int(),
  currency: z.string(),
  minStake: lotteryMoney,
  maxStake: lotteryMoney,
  maxPayout: lotteryMoney,
  /** The prize mode whose odds `betTypes` shows: the member's for this game (decision 0159). */
  prizeMode: z.enum(lottoPrizeModes),
  betTypes: z.array(lotteryBetTypeInfoSchema),
  /** A daily draw's time of day on the merchant's clock ("18:15"); null for the games drawn every few minutes. */
  drawTime: z.string().nullable(),
  /** The merchant's time zone, which `drawTime` reads in. */
  timeZone: z.string(),
  /** The draw taking bets now (or the next one), and the last drawn one. */
  current: lotteryDrawSchema.nullable(),
  last: lotteryDrawSchema.nullable(),
  serverTime: z.string(),
});
export type LotteryGame = z.infer<typeof lotteryGameSchema>;

export const lotteryLineSchema = z.strictObject({
  /** One of the game's kind's bet types (`lotteryAnyBetTypes`); any other is refused with lottery_bet_type_unknown. */
  betType: z
    .string({ message: 'not_empty' })
    .trim()
    .min(1, { message: 'not_empty' })
    .max(40, { message: 'field_too_long' }),
  position: z.number({ message: 'field_invalid' }).int({ message: 'field_invalid' }).optional(),
  numbers: z
    .array(z.number({ message: 'field_invalid' }).int({ message: 'field_invalid' }))
    .max(5)
    .optional(),
  side: z.enum(lotteryBetSides, { message: 'field_not_allowed' }).optional(),
  stake: z
    .string({ message: 'not_empty' })
    .trim()
    .min(1, { message: 'not_empty' })
    .max(40, { message: 'amount_not_numeric' }),
});
export type LotteryLine = z.infer<typeof lotteryLineSchema>;

export const lotteryTicketSchema = z.object({
  id: z.string(),
  gameCode: z.string(),
  drawNo: z.string(),
  betType: z.enum(lotteryAnyBetTypes),
  position: z.number().int().nullable(),
  numbers: z.array(z.number().int()).nullable(),
  side: z.enum(lotteryBetSides).nullable(),
  stake: lotteryMoney,
  /** The multiplier locked when the ticket was bought (4D: the first prize's). */
  odds: z.string(),
  /** 4D: the multipliers per tier (`fourDTierNames` order) locked when the ticket was bought; else null. */
  tierOdds: z.array(z.string()).nullable(),
  status: z.enum(lotteryTicketStatuses),
  payout: lotteryMoney,
  currency: z.string(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  drawNumbers: z.array(z.number().int()).nullable(),
});
export type LotteryTicket = z.infer<typeof lotteryTicketSchema>;

const drawPage = z.object({ list: z.array(lotteryDrawSchema), pageNo: z.number().int(), totalPages: z.number().int() });

export const lotteryDrawEventSchema = z.object({
  game: z.string(),
  draw: lotteryDrawSchema,
  next: lotteryDrawSchema.nullable(),
});

/** The VN gateway's menu entry for our games (api-facts 6.4: values with gameMenus[]). */
const gameMenuEntry = z.object({
  gameCode: z.string(),
  gameName: z.string(),
  gameGroupCode: z.string(),
  intervalSeconds: z.number().int(),
  drawNo: z.string().nullable(),
  closesAt: z.string().nullable(),
});

export const lotteryEndpoints = {
  games: defineEndpoint({
    name: 'lottery.games',
    method: 'GET',
    path: '/wps/lottery/games',
    moduleIds: ['COMM3'],
    access: access.visitor,
    encrypted: false,
    request: z.strictObject({}),
    response: z.array(lotteryGameSchema),
    summary:
      "The merchant's lottery games: schedule (a daily game's drawTime on the merchant's clock), close time, limits, the member's prizeMode and that mode's bet types with odds and exact return (the odds a ticket bought now locks), the draw taking bets (with its commitment) and the last result.",
  }),
  buy: defineEndpoint({
    name: 'lottery.buy',
    method: 'POST',
    path: '/wps/lottery/tickets',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: z.strictObject({
      requestId: z.uuid({ message: 'field_invalid' }),
      gameCode,
      drawNo,
      lines: z
        .array(lotteryLineSchema, { message: 'not_empty' })
        .min(1, { message: 'not_empty' })
        .max(LOTTERY_LINES_MAX, { message: 'field_too_large' }),
    }),
    response: z.object({ tickets: z.array(lotteryTicketSchema) }),
    summary:
      'Buys one ticket per line on the draw taking bets: every stake is held in the main wallet until the draw (all lines or none). A 4D line is `big` or `small` with `numbers: [n]`, n in 0 … 9999; a Vietnamese line `lo`/`de` with one number 0 … 99, `three_cang` one 0 … 999, `xien2`/`xien3`/`xien4` 2/3/4 different numbers 0 … 99. Errors: lottery_betting_closed, lottery_bet_type_unknown (a bet type not of the game), lottery_selection_invalid (field; 4D: not one four-digit number), lottery_stake_out_of_limits (field), insufficient_funds. A retry with the same requestId answers the same tickets.',
  }),
  tickets: defineEndpoint({
    name: 'lottery.tickets',
    method: 'GET',
    path: '/wps/lottery/tickets',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: z.strictObject({
      gameCode: gameCode.optional(),
      status: z.enum(lotteryTicketStatuses, { message: 'field_not_allowed' }).optional(),
      pageNo,
    }),
    response: z.object({ list: z.array(lotteryTicketSchema), pageNo: z.number().int(), totalPages: z.number().int() }),
    summary: "The member's own lottery tickets, newest first, with their status, payout and the draw's numbers.",
  }),
  results: defineEndpoint({
    name: 'lottery.results',
    method: 'GET',
    path: '/wps/lottery/results',
    moduleIds: ['COMM3'],
    access: access.visitor,
    encrypted: false,
    request: z.strictObject({ gameCode, pageNo }),
    response: drawPage,
    summary: "A game's drawn and cancelled draws, newest first, each with its commitment, revealed seed and numbers.",
  }),
  vnGameMenu: defineEndpoint({
    name: 'lottery.vnGameMenu',
    method: 'GET',
    path: '/lgw/vn/games/game_menu',
    moduleIds: ['COMM3'],
    access: access.visitor,
    encrypted: false,
    request: z.object({ prizeMode: z.string().max(10).optional(), device: z.string().max(10).optional() }),
    response: z.record(z.string(), z.object({ gameGroupCode: z.string(), gameMenus: z.array(gameMenuEntry) })),
    summary: 'The lottery menu by game group (api-facts 6.4), each game with its next draw.',
  }),
  recentGames: defineEndpoint({
    name: 'lottery.recentGames',
    method: 'GET',
    path: '/lgw/vn/games/game_menu/recent',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: z.object({}),
    response: z.array(gameMenuEntry),
    summary: 'The lottery games the member bought tickets on lately, most recent first.',
  }),
  openedByGame: defineEndpoint({
    name: 'lottery.openedByGame',
    method: 'GET',
    path: '/lgw/vn/numeros/opened/game',
    moduleIds: ['AGEANNOUNCE3', 'COMM3'],
    access: access.visitor,
    encrypted: false,
    request: z.object({}),
    response: z.record(z.string(), lotteryDrawSchema),
    summary: "The last drawn numbers of each of the merchant's games, by game code.",
  }),
  openedNumero: defineEndpoint({
    name: 'lottery.openedNumero',
    method: 'GET',
    path: '/lotto/lgw/games/opened/numero',
    moduleIds: ['COMM3'],
    access: access.member,
    encrypted: false,
    request: z.object({ gameCode, pageNo }),
    response: drawPage,
    summary: "A game's opened numbers (drawn draws), newest first.",
  }),
} as const;

// Back office

const merchantParams = z.strictObject({ code: merchantCodeSchema });
const gameParams = z.strictObject({ code: merchantCodeSchema, gameCode });
const drawParams = z.strictObject({
  code: merchantCodeSchema,
  drawId: z.string().regex(/^\d{1,18}$/, { message: 'field_invalid' }),
});
const hundredths = z
  .string({ message: 'not_empty' })
  .trim()
  .regex(/^\d{1,8}(\.\d{1,2})?$/, { message: 'field_invalid' });

export const adminLotteryGameSchema = lotteryGameSchema.omit({ current: true, last: true, serverTime: true }).extend({
  /** The odds of every prize mode (`betTypes` shows the default mode's, LOTT). */
  prizeModes: z.array(z.object({ prizeMode: z.enum(lottoPrizeModes), betTypes: z.array(lotteryBetTypeInfoSchema) })),
  enabled: z.boolean(),
  catalogueGameCode: z.string(),
  updatedAt: z.string(),
});
export type AdminLotteryGame = z.infer<typeof adminLotteryGameSchema>;

export const adminLotteryDrawSchema = lotteryDrawSchema.extend({
  cancelReason: z.string().nullable(),
  tickets: z.number().int(),
  staked: lotteryMoney,
  paid: lotteryMoney,
  settledAt: z.string().nullable(),
});
export type AdminLotteryDraw = z.infer<typeof adminLotteryDrawSchema>;

export const adminLotteryEndpoints = {
  games: defineEndpoint({
    name: 'admin.lotteryGames',
    method: 'GET',
    path: '/api/admin/merchants/:code/lottery/games',
    moduleIds: [],
    access: access.operator('lottery.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({}),
    response: z.array(adminLotteryGameSchema),
    summary: "The merchant's lottery games with their schedule, odds, exact returns and limits.",
  }),
  updateGame: defineEndpoint({
    name: 'admin.updateLotteryGame',
    method: 'PUT',
    path: '/api/admin/merchants/:code/lottery/games/:gameCode',
    moduleIds: [],
    access: access.operator('lottery.manage', 'merchant'),
    encrypted: false,
    params: gameParams,
    request: z.strictObject({
      enabled: z.boolean({ message: 'field_invalid' }),
      /** One of `lotteryIntervals`; draws already committed keep their times. */
      intervalSeconds: z
        .number({ message: 'field_invalid' })
        .int({ message: 'field_invalid' })
        .refine(
          (value) => (lotteryIntervals as readonly number[]).includes(value) || value === LOTTERY_DAILY_INTERVAL,
          { message: 'field_not_allowed' },
        ),
      closeSeconds: z
        .number({ message: 'field_invalid' })
        .int({ message: 'field_invalid' })
        .min(0, { message: 'field_too_small' })
        .max(3600, { message: 'field_too_large' }),
      /** A daily draw's time of day, "HH:MM" on the merchant's clock; required with the daily interval, else unused. */
      drawTime: z
        .string({ message: 'field_invalid' })
        .trim()
        .regex(LOTTERY_DRAW_TIME_PATTERN, { message: 'field_invalid' })
        .nullable()
        .optional(),
      minStake: amountTextSchema,
      maxStake: amountTextSchema,
      maxPayout: amountTextSchema,
      /** The prize mode whose odds `odds` sets (decision 0159); the other modes keep theirs. */
      prizeMode: z.enum(lottoPrizeModes, { message: 'field_not_allowed' }).default(DEFAULT_LOTTO_PRIZE_MODE),
      /** Multipliers by bet type ("9.75", above 1.00); `sum` takes 46 values. */
      odds: z.partialRecord(
        z.enum(lotteryAnyBetTypes, { message: 'lottery_bet_type_unknown' }),
        z.array(hundredths).min(1).max(46),
      ),
    }),
    response: adminLotteryGameSchema,
    summary:
      'Changes a game: enabled, draw interval, a daily draw\'s time of day (drawTime "HH:MM" in the merchant\'s time zone, required with the daily interval: not_empty), betting close, limits and the odds of one prize mode (prizeMode, LOTT by default; the other modes keep theirs) (a 4D bet type takes five multipliers, one per tier, each 0.00 or above 1.00; applies to draws committed and tickets bought from now on; bought tickets keep their odds). Refused field by field (validation_failed): an interval not allowed, a close not shorter than the interval, a minimum stake above the maximum, odds of 1.00 or less. Audited with before and after.',
  }),
  draws: defineEndpoint({
    name: 'admin.lotteryDraws',
    method: 'GET',
    path: '/api/admin/merchants/:code/lottery/draws',
    moduleIds: [],
    access: access.operator('lottery.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({ gameCode: gameCode.optional(), pageNo }),
    response: z.object({
      list: z.array(adminLotteryDrawSchema),
      pageNo: z.number().int(),
      totalPages: z.number().int(),
    }),
    summary:
      'Draws newest first with their commitments, results (seed revealed once drawn), tickets, stakes and payouts.',
  }),
  cancelDraw: defineEndpoint({
    name: 'admin.cancelLotteryDraw',
    method: 'POST',
    path: '/api/admin/merchants/:code/lottery/draws/:drawId/cancel',
    moduleIds: [],
    access: access.operator('lottery.manage', 'merchant'),
    encrypted: false,
    params: drawParams,
    request: z.strictObject({
      reason: z
        .string({ message: 'not_empty' })
        .trim()
        .min(1, { message: 'not_empty' })
        .max(LOTTERY_REASON_MAX, { message: 'field_too_long' }),
    }),
    response: adminLotteryDrawSchema,
    summary:
      'Cancels a draw not yet drawn: every ticket is refunded (its hold released) and the seed is never used. Errors: lottery_draw_not_cancellable. Audited with the reason.',
  }),
  exposure: defineEndpoint({
    name: 'admin.lotteryExposure',
    method: 'GET',
    path: '/api/admin/merchants/:code/lottery/draws/:drawId/exposure',
    moduleIds: [],
    access: access.operator('lottery.read', 'merchant'),
    encrypted: false,
    params: drawParams,
    request: z.strictObject({}),
    response: z.object({
      draw: adminLotteryDrawSchema,
      currency: z.string(),
      tickets: z.number().int(),
      staked: lotteryMoney,
      /**
       * What the house would pay on its worst outcome, with that outcome: five digits, or a 4D draw's 23 numbers
       * (first, second, third, starter, consolation; numbers no ticket holds shown as -1).
       */
      worstPayout: lotteryMoney,
      worstOutcome: z.array(z.number().int()),
      /** Potential payout per selection, largest first. */
      selections: z.array(
        z.object({
          betType: z.enum(lotteryAnyBetTypes),
          position: z.number().int().nullable(),
          numbers: z.array(z.number().int()).nullable(),
          side: z.enum(lotteryBetSides).nullable(),
          tickets: z.number().int(),
          staked: lotteryMoney,
          potentialPayout: lotteryMoney,
        }),
      ),
    }),
    summary:
      'A draw with its totals, and its exposure: stakes and what the house would pay per selection and on its worst outcome.',
  }),
} as const;
