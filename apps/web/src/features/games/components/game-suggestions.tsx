import { useGameList } from '../api/get-game-list';
import type { LobbyGame } from '../game-item';
import { useGamesTranslation } from '../use-games-translation';
import { useLobbyLanguage } from '../use-lobby-language';
import styles from './game-suggestions.module.css';

export interface GameSuggestionsProps {
  /** The game that cannot be played now. */
  game: Pick<LobbyGame, 'nodeId' | 'gameType' | 'vassalage'>;
  onPlay: (game: LobbyGame) => void;
  /** Suggestions the server sent with its 'game_maintenance' answer; without them the lobby list is asked. */
  games?: readonly LobbyGame[];
}

const SUGGESTION_COUNT = 6;

/**
 * Other games of the same category that are playable now, suggested beside 'game_maintenance' (spec section 8).
 * Games of another vendor come first: a vendor under maintenance has none to offer.
 */
export const GameSuggestions = ({ game, onPlay, games }: GameSuggestionsProps) => {
  const { t } = useGamesTranslation();
  const language = useLobbyLanguage();
  const { data } = useGameList({ gameType: game.gameType, pageNo: 1, pageSize: 24, language }, games === undefined);
  const playable = (games ?? data?.games ?? []).filter((item) => item.nodeId !== game.nodeId && !item.isMaintenance);
  const suggestions = [
    ...playable.filter((item) => item.vassalage !== game.vassalage),
    ...playable.filter((item) => item.vassalage === game.vassalage),
  ].slice(0, SUGGESTION_COUNT);
  if (suggestions.length === 0) return null;
  return (
    <section className={styles.suggestions} aria-label={t('game_suggestions')} data-game-suggestions="">
      <h3 className={styles.title}>{t('game_suggestions')}</h3>
      <ul className={styles.list}>
        {suggestions.map((item) => (
          <li key={item.nodeId}>
            <button type="button" className={styles.item} data-suggestion={item.nodeId} onClick={() => onPlay(item)}>
              <img src={item.iconUrl ?? undefined} alt="" loading="lazy" className={styles.image} />
              <span className={styles.name}>{item.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
};
