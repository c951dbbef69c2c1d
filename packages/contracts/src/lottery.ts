import { z } from 'zod';

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
