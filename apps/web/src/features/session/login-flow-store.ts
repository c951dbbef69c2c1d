import type { LoginVerifyMethod } from '@tessera/contracts';
import { create } from 'zustand';
import type { RememberChoice } from './remember-me';

/** A login the server held back (new IP or two-factor): what the verification step needs to finish it. */
export interface PendingVerification {
  verifyToken: string;
  twoFactor: boolean;
  methods: readonly LoginVerifyMethod[];
  mobileMasked: string | null;
  emailMasked: string | null;
  agentLogin: boolean;
  remember: RememberChoice | null;
}

interface LoginFlowState {
  pending: PendingVerification | null;
  setPending: (pending: PendingVerification) => void;
  clearPending: () => void;
}

export const useLoginFlowStore = create<LoginFlowState>()((set) => ({
  pending: null,
  setPending: (pending) => set({ pending }),
  clearPending: () => set({ pending: null }),
}));
