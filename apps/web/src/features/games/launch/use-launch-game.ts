import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { navigateQuietly } from '../../../shared/routing/navigate-quietly';
import { usePublicStore } from '../../../shared/state/public-store';
import { useShellStore } from '../../../shared/state/shell-store';
import { decideLaunch, type LaunchEntry, type LaunchMode, seamlessPathOf } from './launch-rules';

export interface VendorPopupTarget {
  vassalage: string;
  gameType: string;
  title: string;
}

export interface LaunchTarget extends LaunchEntry {
  name: string;
  isMaintenance: boolean;
}

/**
 * Carries out the launch decision of spec section 4: the login popup, the real-account message, a lottery or /rng
 * page, the provider's game list popup, a PVP game's rooms, or the standard start on /seamless. A game shown under maintenance opens
 * the maintenance notice (with other games) instead of a launch that would be refused.
 */
export const useLaunchGame = () => {
  const navigate = useNavigate();
  const location = useLocation();
  const isLogin = usePublicStore((state) => state.isLogin);
  const isTrial = usePublicStore((state) => state.isTrial);
  const openDialog = useShellStore((state) => state.openDialog);
  const [vendorPopup, setVendorPopup] = useState<VendorPopupTarget | null>(null);
  const [maintenanceOf, setMaintenanceOf] = useState<LaunchTarget | null>(null);
  const [roomsOf, setRoomsOf] = useState<LaunchTarget | null>(null);

  const launch = (entry: LaunchTarget, options: { mode?: LaunchMode; isVendorEntry?: boolean } = {}) => {
    const decision = decideLaunch(entry, { isLogin, isTrial }, options);
    switch (decision.kind) {
      case 'login':
        openDialog('login');
        return;
      case 'realAccount':
        openDialog('realAccount');
        return;
      case 'route':
        // The lottery pages' back control returns here.
        navigateQuietly(navigate(decision.path, { state: { from: `${location.pathname}${location.search}` } }));
        return;
      case 'vendorPopup':
        setVendorPopup({ vassalage: decision.vassalage, gameType: decision.gameType, title: entry.name });
        return;
      case 'rooms':
      case 'start':
        if (entry.isMaintenance) {
          setMaintenanceOf(entry);
          return;
        }
        setVendorPopup(null);
        if (decision.kind === 'rooms') setRoomsOf(entry);
        else navigateQuietly(navigate(seamlessPathOf(entry, decision.mode)));
        return;
    }
  };

  return {
    launch,
    vendorPopup,
    closeVendorPopup: () => setVendorPopup(null),
    maintenanceOf,
    closeMaintenance: () => setMaintenanceOf(null),
    /** The PVP game whose rooms are being chosen from. */
    roomsOf,
    closeRooms: () => setRoomsOf(null),
    /** Starts the PVP game being chosen for, in the room chosen. */
    enterRoom: (roomId: string) => {
      if (!roomsOf) return;
      setRoomsOf(null);
      navigateQuietly(navigate(seamlessPathOf(roomsOf, 'real', roomId)));
    },
  };
};
