import {
  LOTTERY_LAUNCH_MODE,
  type LotteryPagePath,
  type LottoArea,
  type LottoDevice,
  type LottoPrizeMode,
  type LottoView,
  lotteryPagePaths,
  lotteryVendors,
  prizeModeOfElottVendors,
} from '@tessera/contracts';

/** The lottery launch fields of /wps/game/launchGame (spec section 3 "Lottery launch", api-facts 8.6). */
export interface LotteryLaunchFields {
  launchMode: typeof LOTTERY_LAUNCH_MODE;
  lottoArea: LottoArea;
  lottoPrizeMode: LottoPrizeMode;
  lottoGameCode: string;
  lottoView: LottoView;
  device: LottoDevice;
  backUrl: string;
  language: string;
}

/** Which lottery page a path is (the router matches case-insensitively, so does this). */
export const lotteryPageOf = (pathname: string): LotteryPagePath => {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return lotteryPagePaths.find((candidate) => candidate.toLowerCase() === path) ?? '/lottery';
};

/** The vendor a page always opens: the Vietnamese and the South-East Asian lottery pages have one each. */
const pageVendors: Readonly<Partial<Record<LotteryPagePath, string>>> = {
  '/vnLottery': 'TCG_LOTTO_VN',
  '/seaLottery': 'TCG_SEA',
};

/**
 * The lobby's prize mode (spec section 4 "Lobby"): ELOTT when the ELOTT category has a TCG_LOTTO_VN or LOTT card,
 * otherwise LOTT.
 */
export const prizeModeOfLanes = (
  lanes: readonly { title: string; vendors: readonly { vassalage: string }[] }[],
): LottoPrizeMode =>
  prizeModeOfElottVendors(lanes.find((lane) => lane.title === 'ELOTT')?.vendors.map((card) => card.vassalage) ?? []);

/**
 * The launch fields of a lottery page. The vendor is the page's own (/vnLottery, /seaLottery), else the one whose
 * game has this code (`vendorOfGame`, from the lottery menus); its area and prize mode follow. /lottery without a
 * known vendor falls back to the lobby's prize mode. A game code opens the betting view, none the lobby.
 */
export const lotteryLaunchFieldsOf = (input: {
  page: LotteryPagePath;
  gameCode: string | null;
  vendorOfGame: string | null;
  lobbyPrizeMode: LottoPrizeMode;
  device: LottoDevice;
  backUrl: string;
  language: string;
}): LotteryLaunchFields => {
  const vendorCode = pageVendors[input.page] ?? input.vendorOfGame;
  const vendor = vendorCode ? lotteryVendors[vendorCode] : undefined;
  return {
    launchMode: LOTTERY_LAUNCH_MODE,
    lottoArea: vendor?.lottoArea ?? 'VN',
    lottoPrizeMode: vendor?.prizeMode ?? input.lobbyPrizeMode,
    lottoGameCode: input.gameCode ?? '',
    lottoView: input.gameCode ? 'betting' : 'lobby',
    device: input.device,
    backUrl: input.backUrl,
    language: input.language,
  };
};

/** Where the lottery's back control leads: the page the member came from, else the home lobby; same site only. */
export const lotteryBackPathOf = (from: unknown): string =>
  typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
