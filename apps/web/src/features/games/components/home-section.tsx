import { useRef } from 'react';
import { useNearViewport } from '../../../shared/hooks/use-near-viewport';
import { scrollInReadingOrder } from '../../../shared/hooks/use-scroll-edges';
import { ChevronIcon } from '../../../shared/ui/icons/icons';
import type { LobbyGame } from '../game-item';
import { useGamesTranslation } from '../use-games-translation';
import type { GameActions } from './game-actions';
import { GameCard, useGameCardLabels } from './game-card';
import styles from './home-section.module.css';

export interface HomeSectionProps {
  id: string;
  title: string;
  games: readonly LobbyGame[];
  actions: GameActions;
  /** Switches the lobby to this section's category; absent for RECENT, which has its own page. */
  onMore?: () => void;
}

/** The cards a wide screen shows at once (two views of a phone's): they render with the section. */
const CARDS_IN_VIEW = 6;

/**
 * One home lobby section (spec section 2): a swiper of game cards, 6 per view on a wide screen (fewer on a phone,
 * where 6 would be too small to tap), with More switching the lobby to the category. The cards beyond the first
 * six render when the last of those comes within half a view of the track's visible part: at once, a task later,
 * on a wide screen, where the sixth is on screen; on a phone, when the visitor swipes towards them. A visitor who
 * never swipes never pays for cards they do not see.
 */
export const HomeSection = (props: HomeSectionProps) =>
  props.games.length === 0 ? null : <SectionSwiper {...props} />;

const SectionSwiper = ({ id, title, games, actions, onMore }: HomeSectionProps) => {
  const { t } = useGamesTranslation();
  const labels = useGameCardLabels();
  const trackRef = useRef<HTMLUListElement>(null);
  const lastShownRef = useRef<HTMLLIElement>(null);
  const hasRest = useNearViewport(lastShownRef, '0px 50%', trackRef);
  const shown = hasRest ? games : games.slice(0, CARDS_IN_VIEW);
  const handleStep = (direction: 1 | -1) => {
    if (trackRef.current) scrollInReadingOrder(trackRef.current, direction);
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
        {shown.map((game, index) => (
          <li
            key={`${game.vassalage}:${game.nodeId}`}
            ref={index === shown.length - 1 ? lastShownRef : undefined}
            className={styles.slide}
          >
            <GameCard
              game={game}
              labels={labels}
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
