/** The fields of a game or vendor entry the launch rules read (spec section 3 "Game"). */
export interface LaunchEntry {
  nodeId: string;
  vassalage: string;
  gameType: string;
  gameCode?: string | null;
  isGame?: string | null;
  /** 0 means a free trial is offered. */
  supportPlay?: number | null;
}

export interface LaunchSession {
  isLogin: boolean;
  isTrial: boolean;
}

export type LaunchMode = 'real' | 'trial';

/** What a click on play (or on a vendor entry) does, in the order of spec section 4 "Game launch". */
export type LaunchDecision =
  | { kind: 'login' }
  | { kind: 'realAccount' }
  | { kind: 'route'; path: string }
  | { kind: 'vendorPopup'; vassalage: string; gameType: string }
  | { kind: 'rooms' }
  | { kind: 'start'; mode: LaunchMode };

export const VASSALAGE_ENTRY = 'VASSALAGE';

const lotteryRoutes: Readonly<Record<string, string>> = {
  TCG_LOTTO_VN: '/vnLottery',
  TCG_SEA: '/seaLottery',
  LOTT: '/lottery',
  ELOTT: '/lottery',
};

/** A free trial is offered where supportPlay is 0. */
export const offersFreeTrial = (entry: Pick<LaunchEntry, 'supportPlay'>): boolean => entry.supportPlay === 0;

/**
 * The launch decision. A visitor gets the login popup. A trial (free-play) account gets the real-account
 * message, except for the free trial of a game that offers one. Then by provider code: the lottery pages, an RNG
 * vendor entry to /rng?vassalage=, a VASSALAGE entry to its provider's game list popup, else the standard start;
 * a PVP game played for real first asks for its room (GLS2_roomList), then starts in it.
 * `isVendorEntry` marks a vendor card (a lane's card), as opposed to a game.
 */
export const decideLaunch = (
  entry: LaunchEntry,
  session: LaunchSession,
  options: { mode?: LaunchMode; isVendorEntry?: boolean } = {},
): LaunchDecision => {
  const mode: LaunchMode = options.mode === 'trial' && offersFreeTrial(entry) ? 'trial' : 'real';
  if (!session.isLogin) return { kind: 'login' };
  if (session.isTrial && mode !== 'trial') return { kind: 'realAccount' };
  const lotteryPath = lotteryRoutes[entry.vassalage];
  if (lotteryPath) {
    const code = entry.gameCode ?? '';
    return { kind: 'route', path: code ? `${lotteryPath}?gameCode=${encodeURIComponent(code)}` : lotteryPath };
  }
  if (options.isVendorEntry && entry.gameType === 'RNG' && entry.isGame !== VASSALAGE_ENTRY) {
    return { kind: 'route', path: `/rng?vassalage=${encodeURIComponent(entry.vassalage)}` };
  }
  if (entry.isGame === VASSALAGE_ENTRY) {
    return { kind: 'vendorPopup', vassalage: entry.vassalage, gameType: entry.gameType };
  }
  if (entry.gameType === 'PVP' && mode === 'real' && !options.isVendorEntry) return { kind: 'rooms' };
  return { kind: 'start', mode };
};

/**
 * The address of the seamless game page for a launch (with a PVP game's room); the page launches (again, after a
 * reload) from it.
 */
export const seamlessPathOf = (
  entry: Pick<LaunchEntry, 'nodeId' | 'vassalage' | 'gameType'>,
  mode: LaunchMode,
  roomId?: string,
) => {
  const query = new URLSearchParams({ nodeId: entry.nodeId, vassalage: entry.vassalage, gameType: entry.gameType });
  if (mode === 'trial') query.set('mode', 'trial');
  if (roomId) query.set('roomId', roomId);
  return `/seamless?${query.toString()}`;
};

/** Reads a seamless page's address back into a launch, or null when it does not name a game. */
export const launchOfSeamlessQuery = (
  query: URLSearchParams,
): { nodeId: string; vassalage: string; gameType: string; mode: LaunchMode; roomId?: string } | null => {
  const nodeId = query.get('nodeId')?.trim();
  const vassalage = query.get('vassalage')?.trim();
  const gameType = query.get('gameType')?.trim();
  if (!nodeId || !vassalage || !gameType) return null;
  const roomId = query.get('roomId')?.trim();
  return {
    nodeId,
    vassalage,
    gameType,
    mode: query.get('mode') === 'trial' ? 'trial' : 'real',
    ...(roomId ? { roomId } : {}),
  };
};
