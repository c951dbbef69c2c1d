import { create } from 'zustand';
import { readLocal, writeLocal } from '../../shared/storage/browser-storage';
import { localKeys } from '../../shared/storage/storage-keys';

interface BalanceVisibility {
  isHidden: boolean;
  toggle: () => void;
}

/** Whether the header masks the balance; remembered on this device across visits (`hideBalance`). */
export const useBalanceVisibility = create<BalanceVisibility>((set, get) => ({
  isHidden: readLocal(localKeys.hideBalance) === '1',
  toggle: () => {
    const isHidden = !get().isHidden;
    writeLocal(localKeys.hideBalance, isHidden ? '1' : '0');
    set({ isHidden });
  },
}));
