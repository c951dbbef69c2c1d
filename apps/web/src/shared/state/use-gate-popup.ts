import { useEffect } from 'react';
import { type GatePopup, useShellStore } from './shell-store';

/**
 * Whether a self-opening popup that `wants` to show may show now: it takes the shell's one place for such popups
 * when the place is free, keeps it while it wants it, and gives it back when it no longer does (or unmounts), so
 * the announcement popup and a responsible-gaming prompt never stack; the second shows when the first is closed.
 */
export const useGatePopup = (popup: GatePopup, wants: boolean): boolean => {
  const holder = useShellStore((state) => state.gatePopup);
  const claim = useShellStore((state) => state.claimGatePopup);
  const release = useShellStore((state) => state.releaseGatePopup);
  useEffect(() => {
    if (wants && holder === null) claim(popup);
    else if (!wants && holder === popup) release(popup);
  }, [wants, holder, popup, claim, release]);
  useEffect(() => () => release(popup), [popup, release]);
  return wants && holder === popup;
};
