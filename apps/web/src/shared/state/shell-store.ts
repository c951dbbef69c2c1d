import { create } from 'zustand';

/** The shell's own popups (spec section 2 "Modals"); each feature's dialog opens by its name. */
export type ShellDialog =
  | 'login'
  | 'register'
  | 'help'
  | 'forgotPassword'
  | 'resetPassword'
  | 'changePassword'
  | 'afterLogin'
  | 'realAccount'
  | 'notice'
  | 'sessionLimit'
  | 'chatRoom';

/**
 * The popups the shell opens by itself on any page (not by a click): the announcement popup and the one-time
 * responsible-gaming prompts. One shows at a time, the first to ask; the other waits until it is closed.
 */
export type GatePopup = 'announcements' | 'rgPrompt';

/** A reached session-time limit (responsible gaming): its period and when play can resume. */
export interface SessionLimitReached {
  period: 'day' | 'week' | 'month';
  resumesAt: string;
}

interface ShellState {
  activeDialog: ShellDialog | null;
  /** The `referralCode` query of /register, kept for the registration form. */
  referralCode: string | null;
  /** The `affiliateCode` query of /register (an agent's link), kept for the registration form. */
  affiliateCode: string | null;
  /** The token of an e-mailed reset link (`/?resetToken=`), kept for the set-new-password popup. */
  resetToken: string | null;
  isSideMenuOpen: boolean;
  isLoadingCoverShown: boolean;
  /** The ticker notice the notice modal opens at. */
  noticeIndex: number;
  /** The session-time limit that signed the member out or refused its sign-in (the sessionLimit notice). */
  sessionLimit: SessionLimitReached | null;
  /** The self-opening popup showing now, if any (`useGatePopup`). */
  gatePopup: GatePopup | null;
}

interface ShellActions {
  openDialog: (dialog: ShellDialog) => void;
  closeDialog: () => void;
  setReferralCode: (code: string | null) => void;
  setAffiliateCode: (code: string | null) => void;
  /** Opens the set-new-password popup for a reset link's token. */
  openResetPassword: (token: string) => void;
  setSideMenuOpen: (isOpen: boolean) => void;
  /** Opens the notice modal at a ticker item (spec section 2 "Home lobby"). */
  openNotice: (index: number) => void;
  showLoadingCover: () => void;
  hideLoadingCover: () => void;
  /** Opens the notice of a reached session-time limit. */
  showSessionLimit: (reached: SessionLimitReached) => void;
  /** Takes the self-opening popups' one place if it is free (no effect otherwise). */
  claimGatePopup: (popup: GatePopup) => void;
  /** Gives the place back, if this popup holds it. */
  releaseGatePopup: (popup: GatePopup) => void;
}

export const useShellStore = create<ShellState & ShellActions>()((set) => ({
  activeDialog: null,
  referralCode: null,
  affiliateCode: null,
  resetToken: null,
  isSideMenuOpen: false,
  isLoadingCoverShown: false,
  noticeIndex: 0,
  sessionLimit: null,
  gatePopup: null,
  openDialog: (activeDialog) => set({ activeDialog, isSideMenuOpen: false }),
  closeDialog: () => set({ activeDialog: null }),
  setReferralCode: (referralCode) => set({ referralCode }),
  setAffiliateCode: (affiliateCode) => set({ affiliateCode }),
  openResetPassword: (resetToken) => set({ resetToken, activeDialog: 'resetPassword', isSideMenuOpen: false }),
  setSideMenuOpen: (isSideMenuOpen) => set({ isSideMenuOpen }),
  openNotice: (noticeIndex) => set({ noticeIndex, activeDialog: 'notice', isSideMenuOpen: false }),
  showLoadingCover: () => set({ isLoadingCoverShown: true }),
  hideLoadingCover: () => set({ isLoadingCoverShown: false }),
  showSessionLimit: (sessionLimit) => set({ sessionLimit, activeDialog: 'sessionLimit', isSideMenuOpen: false }),
  claimGatePopup: (popup) => set((state) => (state.gatePopup === null ? { gatePopup: popup } : state)),
  releaseGatePopup: (popup) => set((state) => (state.gatePopup === popup ? { gatePopup: null } : state)),
}));
