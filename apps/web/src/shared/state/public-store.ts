import type { LanguageCode } from '@tessera/contracts';
import { create } from 'zustand';

/** 0 normal, 1 maintenance, 2 region restricted (spec section 4 "Site start"). */
export type SystemStatus = 0 | 1 | 2;

/** Game types the shell knows (spec section 3 "Game category labels", api-facts 8.2). */
export type GameType =
  | 'HOME'
  | 'HOT'
  | 'SEARCH'
  | 'FAV'
  | 'RECENT'
  | 'RNG'
  | 'LIVE'
  | 'FISH'
  | 'SPORTS'
  | 'ESPORTS'
  | 'PVP'
  | 'LOTT'
  | 'ELOTT'
  | 'INHOUSE'
  | 'COCKFIGHT';

export interface SiteLocation {
  ip: string;
  country: string | null;
}

interface PublicState {
  isLogin: boolean;
  isAgent: boolean;
  isTrial: boolean;
  firstTimeLogin: boolean;
  language: LanguageCode | null;
  location: SiteLocation | null;
  systemStatus: SystemStatus | null;
  /** Flattened whitelabel tree: modId -> on. */
  whitelabel: Readonly<Record<string, boolean>>;
  currentGameType: GameType;
  currentVassalage: string | null;
  /**
   * The member takes part in the VIP programme (VIP3 on, the merchant has levels, not a trial); null until the
   * member's VIP state has been read. With `vipRankLevel` (0: no level yet) and `vipLabelName`, spec section 3.
   */
  hasVip: boolean | null;
  vipRankLevel: number;
  vipLabelName: string | null;
  /** Rewards waiting in the reward centre (its red badge). */
  availablePromoCount: number;
}

export type MemberPromotionsState = Pick<
  PublicState,
  'hasVip' | 'vipRankLevel' | 'vipLabelName' | 'availablePromoCount'
>;

interface PublicActions {
  setSiteStart: (site: Pick<PublicState, 'location' | 'systemStatus' | 'whitelabel'>) => void;
  setLanguage: (language: LanguageCode) => void;
  setCurrentGameType: (gameType: GameType) => void;
  setCurrentVassalage: (vassalage: string | null) => void;
  /** Member info loaded (spec section 4 "Session": login state becomes true then). */
  markLoggedIn: (member: Pick<PublicState, 'isAgent' | 'isTrial' | 'firstTimeLogin'>) => void;
  /** Session gone (logout or `login.not.session`): not logged in, not agent, not trial. */
  markLoggedOut: () => void;
  /** The member's VIP state and reward count, as their calls answered. */
  setMemberPromotions: (state: Partial<MemberPromotionsState>) => void;
}

const noMemberPromotions: MemberPromotionsState = {
  hasVip: null,
  vipRankLevel: 0,
  vipLabelName: null,
  availablePromoCount: 0,
};

/** The small public state of spec section 3; server data itself lives in TanStack Query. */
export const usePublicStore = create<PublicState & PublicActions>()((set) => ({
  isLogin: false,
  isAgent: false,
  isTrial: false,
  firstTimeLogin: false,
  language: null,
  location: null,
  systemStatus: null,
  whitelabel: {},
  currentGameType: 'HOME',
  currentVassalage: null,
  ...noMemberPromotions,
  setSiteStart: (site) => set(site),
  setLanguage: (language) => set({ language }),
  setCurrentGameType: (currentGameType) => set({ currentGameType }),
  setCurrentVassalage: (currentVassalage) => set({ currentVassalage }),
  markLoggedIn: (member) => set({ isLogin: true, ...member }),
  markLoggedOut: () =>
    set({ isLogin: false, isAgent: false, isTrial: false, firstTimeLogin: false, ...noMemberPromotions }),
  setMemberPromotions: (state) => set(state),
}));
