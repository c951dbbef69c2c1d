import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import type { LobbyGame } from '../game-item';
import { GameCard, useGameCardLabels } from './game-card';
import styles from './game-grid.module.css';

export interface GameGridProps {
  games: readonly LobbyGame[];
  isLoading: boolean;
  favouriteIds: ReadonlySet<string>;
  onPlay: (game: LobbyGame, mode: 'real' | 'trial') => void;
  onToggleFavourite: (game: LobbyGame) => void;
}

/** The lobby's game grid, with the 'in_no_data' text when empty (spec section 2). */
export const GameGrid = ({ games, isLoading, favouriteIds, onPlay, onToggleFavourite }: GameGridProps) => {
  const labels = useGameCardLabels();
  if (isLoading && games.length === 0) return <InlineLoader />;
  if (games.length === 0) return <EmptyState />;
  return (
    <div className={styles.grid} data-game-grid="" aria-busy={isLoading}>
      {games.map((game) => (
        <GameCard
          key={`${game.vassalage}:${game.nodeId}`}
          game={game}
          labels={labels}
          isFavourite={favouriteIds.has(game.nodeId)}
          onPlay={onPlay}
          onToggleFavourite={onToggleFavourite}
        />
      ))}
    </div>
  );
};
