import { useRef } from 'react';
import { ChevronIcon } from '../../../shared/ui/icons/icons';
import type { LobbyGame } from '../game-item';
import { useGamesTranslation } from '../use-games-translation';
import type { GameActions } from './game-actions';
import { GameCard } from './game-card';
import styles from './home-section.module.css';

export interface HomeSectionProps {
  id: string;
  title: string;
  games: readonly LobbyGame[];
  actions: GameActions;
  /** Switches the lobby to this section's category; absent for RECENT, which has its own page. */
  onMore?: () => void;
}

/**
 * One home lobby section (spec section 2): a swiper of game cards, 6 per view on a wide screen (fewer on a phone,
 * where 6 would be too small to tap), with More switching the lobby to the category.
 */
export const HomeSection = ({ id, title, games, actions, onMore }: HomeSectionProps) => {
  const { t } = useGamesTranslation();
  const trackRef = useRef<HTMLUListElement>(null);
  if (games.length === 0) return null;
  const handleStep = (direction: 1 | -1) => {
    const track = trackRef.current;
    if (!track) return;
    // Scrolling is in the reading direction: in RTL the start is on the right, where scrollLeft goes negative.
    const isRtl = getComputedStyle(track).direction === 'rtl';
    track.scrollBy({ left: direction * track.clientWidth * (isRtl ? -1 : 1), behavior: 'smooth' });
  };
  const headingId = `home-section-${id}`;
  return (
    <section className={styles.section} aria-labelledby={headingId} data-home-section={id}>
      <header className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.arrow}
            aria-label={t('game_page_previous')}
            onClick={() => handleStep(-1)}
          >
            <ChevronIcon className={styles.back} aria-hidden="true" />
          </button>
          <button type="button" className={styles.arrow} aria-label={t('game_page_next')} onClick={() => handleStep(1)}>
            <ChevronIcon className={styles.forward} aria-hidden="true" />
          </button>
          {onMore ? (
            <button type="button" className={styles.more} onClick={onMore} data-more={id}>
              {t('more_button')}
            </button>
          ) : null}
        </div>
      </header>
      <ul ref={trackRef} className={styles.track}>
        {games.map((game) => (
          <li key={`${game.vassalage}:${game.nodeId}`} className={styles.slide}>
            <GameCard
              game={game}
              isFavourite={actions.favourites.favouriteIds.has(game.nodeId)}
              onPlay={actions.playGame}
              onToggleFavourite={actions.favourites.toggle}
            />
          </li>
        ))}
      </ul>
    </section>
  );
};
