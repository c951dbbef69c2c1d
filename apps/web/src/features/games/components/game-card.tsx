import { type SyntheticEvent, useMemo, useState } from 'react';
import { FlameIcon, HeartIcon, PlayIcon, WrenchIcon } from '../../../shared/ui/icons/icons';
import defaultIcon from '../assets/game-default.svg';
import type { LobbyGame } from '../game-item';
import { offersFreeTrial } from '../launch/launch-rules';
import { useGamesTranslation } from '../use-games-translation';
import styles from './game-card.module.css';
import { NAME_MARK, withName } from './name-label';

/** A card's words, translated once for a whole list of cards (`useGameCardLabels`) rather than by every card. */
export interface GameCardLabels {
  hot: string;
  play: string;
  trial: string;
  maintenance: string;
  favouriteAdd: (name: string) => string;
  favouriteRemove: (name: string) => string;
}

export const useGameCardLabels = (): GameCardLabels => {
  const { t } = useGamesTranslation();
  return useMemo(
    () => ({
      hot: t('game_hot_badge'),
      play: t('in_immediate_game'),
      trial: t('in_free_trial'),
      maintenance: t('game_under_maintenance'),
      favouriteAdd: withName(t('game_favourite_add', { name: NAME_MARK })),
      favouriteRemove: withName(t('game_favourite_remove', { name: NAME_MARK })),
    }),
    [t],
  );
};

export interface GameCardProps {
  game: LobbyGame;
  labels: GameCardLabels;
  isFavourite: boolean;
  onPlay: (game: LobbyGame, mode: 'real' | 'trial') => void;
  onToggleFavourite: (game: LobbyGame) => void;
}

/**
 * A game card (spec section 2): hot badge when isHot, the artwork loaded lazily with the default icon on failure,
 * the provider's name, play, free trial when supportPlay is 0, and the favourite heart. A game under maintenance
 * says so; its play button still answers, with the maintenance message and other games.
 */
export const GameCard = ({ game, labels, isFavourite, onPlay, onToggleFavourite }: GameCardProps) => {
  const [hasFailed, setHasFailed] = useState(false);
  const handleError = (event: SyntheticEvent<HTMLImageElement>) => {
    if (!hasFailed) {
      setHasFailed(true);
      event.currentTarget.src = defaultIcon;
    }
  };
  return (
    <article
      className={styles.card}
      data-game={game.nodeId}
      data-vassalage={game.vassalage}
      data-maintenance={game.isMaintenance ? '' : undefined}
      aria-label={game.name}
    >
      <div className={styles.art}>
        <img
          className={styles.image}
          src={game.iconUrl ?? defaultIcon}
          alt=""
          loading="lazy"
          decoding="async"
          width={240}
          height={240}
          onError={handleError}
        />
        {game.isHot ? (
          <span className={styles.hot} data-hot="" title={labels.hot}>
            <FlameIcon aria-hidden="true" />
            <span className={styles.hotLabel}>{labels.hot}</span>
          </span>
        ) : null}
        <button
          type="button"
          className={styles.heart}
          aria-pressed={isFavourite}
          aria-label={isFavourite ? labels.favouriteRemove(game.name) : labels.favouriteAdd(game.name)}
          data-favourite={isFavourite ? 'on' : 'off'}
          onClick={() => onToggleFavourite(game)}
        >
          <HeartIcon />
        </button>
        {game.isMaintenance ? (
          <span className={styles.maintenance}>
            <WrenchIcon aria-hidden="true" />
            {labels.maintenance}
          </span>
        ) : null}
      </div>
      <div className={styles.meta}>
        {/* Names keep their own direction (a Latin name in Arabic, an Arabic one in English), so a long one is
            cut at its own end, never at its first letters. */}
        <h3 className={styles.name} title={game.name} dir="auto">
          {game.name}
        </h3>
        <p className={styles.vendor} title={game.vendorName} dir="auto">
          {game.vendorName}
        </p>
      </div>
      <div className={styles.actions}>
        <button type="button" className={styles.play} onClick={() => onPlay(game, 'real')}>
          <PlayIcon aria-hidden="true" />
          {labels.play}
        </button>
        {offersFreeTrial(game) ? (
          <button type="button" className={styles.trial} onClick={() => onPlay(game, 'trial')}>
            {labels.trial}
          </button>
        ) : null}
      </div>
    </article>
  );
};
