import { Alert } from '../../../shared/ui/alert/alert';
import { useFavouriteToggle } from '../favourites/use-favourite-toggle';
import type { LobbyGame, LobbyVendor } from '../game-item';
import type { LaunchMode } from '../launch/launch-rules';
import { useLaunchGame } from '../launch/use-launch-game';
import { useGamesTranslation } from '../use-games-translation';
import { MaintenanceDialog } from './maintenance-dialog';
import { PvpRoomsDialog } from './pvp-rooms-dialog';
import { VendorGamesDialog } from './vendor-games-dialog';

/** What every screen with game cards does: play, free trial, open a vendor, toggle a favourite. */
export const useGameActions = () => {
  const launcher = useLaunchGame();
  const favourites = useFavouriteToggle();
  const playGame = (game: LobbyGame, mode: LaunchMode = 'real') => launcher.launch(game, { mode });
  const openVendor = (vendor: LobbyVendor) =>
    launcher.launch(
      {
        nodeId: vendor.nodeId,
        vassalage: vendor.vassalage,
        gameType: vendor.gameType,
        gameCode: vendor.gameCode,
        isGame: vendor.isGame,
        supportPlay: 1,
        name: vendor.displayName,
        isMaintenance: vendor.isMaintenance,
      },
      { isVendorEntry: true },
    );
  return { launcher, favourites, playGame, openVendor };
};

export type GameActions = ReturnType<typeof useGameActions>;

/** The popups a screen with game cards may open: the vendor's game list, a PVP game's rooms, the maintenance notice. */
export const GameActionDialogs = ({ actions }: { actions: GameActions }) => {
  const { t } = useGamesTranslation();
  const { launcher, favourites, playGame } = actions;
  return (
    <>
      {favourites.errorCode ? (
        <Alert tone="danger" name="favourite-error">
          {t(favourites.errorCode, { ns: 'errors' })}
        </Alert>
      ) : null}
      <VendorGamesDialog
        target={launcher.vendorPopup}
        favouriteIds={favourites.favouriteIds}
        onClose={launcher.closeVendorPopup}
        onPlay={playGame}
        onToggleFavourite={favourites.toggle}
      />
      <MaintenanceDialog game={launcher.maintenanceOf} onClose={launcher.closeMaintenance} onPlay={playGame} />
      <PvpRoomsDialog game={launcher.roomsOf} onClose={launcher.closeRooms} onEnter={launcher.enterRoom} />
    </>
  );
};
