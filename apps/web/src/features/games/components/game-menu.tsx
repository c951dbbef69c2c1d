import type { GameType } from '../../../shared/state/public-store';
import { gameTypeLabelKeys } from '../game-types';
import { useGamesTranslation } from '../use-games-translation';
import styles from './game-menu.module.css';

export interface GameMenuProps {
  items: readonly GameType[];
  current: GameType;
  onSelect: (gameType: GameType) => void;
}

/** The home lobby's game menu: HOME, HOT, then each available category (spec section 2). */
export const GameMenu = ({ items, current, onSelect }: GameMenuProps) => {
  const { t } = useGamesTranslation();
  return (
    <nav className={styles.menu} aria-label={t('local_header_games')} data-game-menu="">
      {items.map((item) => (
        <button
          key={item}
          type="button"
          className={styles.item}
          aria-current={item === current ? 'page' : undefined}
          data-game-type={item}
          onClick={() => onSelect(item)}
        >
          {t(gameTypeLabelKeys[item])}
        </button>
      ))}
    </nav>
  );
};
