import { create } from 'zustand';

/** The shell's own popups (spec section 2 "Modals"); each feature's dialog opens by its name. */
export type ShellDialog = 'login' | 'register' | 'help';

interface ShellState {
  activeDialog: ShellDialog | null;
  /** The `referralCode` query of /register, kept for the registration form. */
  referralCode: string | null;
  isSideMenuOpen: boolean;
  isLoadingCoverShown: boolean;
}

interface ShellActions {
  openDialog: (dialog: ShellDialog) => void;
  closeDialog: () => void;
  setReferralCode: (code: string | null) => void;
  setSideMenuOpen: (isOpen: boolean) => void;
  showLoadingCover: () => void;
  hideLoadingCover: () => void;
}

export const useShellStore = create<ShellState & ShellActions>()((set) => ({
  activeDialog: null,
  referralCode: null,
  isSideMenuOpen: false,
  isLoadingCoverShown: false,
  openDialog: (activeDialog) => set({ activeDialog, isSideMenuOpen: false }),
  closeDialog: () => set({ activeDialog: null }),
  setReferralCode: (referralCode) => set({ referralCode }),
  setSideMenuOpen: (isSideMenuOpen) => set({ isSideMenuOpen }),
  showLoadingCover: () => set({ isLoadingCoverShown: true }),
  hideLoadingCover: () => set({ isLoadingCoverShown: false }),
}));
