import { Dialog } from '../../../shared/ui/dialog/dialog';
import { WrenchIcon } from '../../../shared/ui/icons/icons';
import type { LobbyGame } from '../game-item';
import { useGamesTranslation } from '../use-games-translation';
import { GameSuggestions } from './game-suggestions';
import styles from './maintenance-dialog.module.css';

export interface MaintenanceDialogProps {
  game: Pick<LobbyGame, 'nodeId' | 'gameType' | 'vassalage' | 'name'> | null;
  onClose: () => void;
  onPlay: (game: LobbyGame) => void;
}

/** A game under maintenance: the 'game_maintenance' message and other games to play (spec section 8). */
export const MaintenanceDialog = ({ game, onClose, onPlay }: MaintenanceDialogProps) => {
  const { t } = useGamesTranslation();
  return (
    <Dialog name="game-maintenance" isOpen={game !== null} onClose={onClose} title={game?.name ?? ''}>
      {game ? (
        <div className={styles.body}>
          <p className={styles.message}>
            <WrenchIcon aria-hidden="true" />
            <span>{t('game_maintenance', { ns: 'errors' })}</span>
          </p>
          <GameSuggestions
            game={game}
            onPlay={(item) => {
              onClose();
              onPlay(item);
            }}
          />
        </div>
      ) : null}
    </Dialog>
  );
};
