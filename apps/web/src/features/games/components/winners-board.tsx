import { useState } from 'react';
import { usePauseUnseen } from '../../../shared/hooks/use-pause-unseen';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { TrophyIcon } from '../../../shared/ui/icons/icons';
import { useRankList } from '../api/get-rank-list';
import { isWinnersLooping, slidesOf, sortWinners } from '../lobby/winners';
import { useGamesTranslation } from '../use-games-translation';
import { useLobbyLanguage } from '../use-lobby-language';
import styles from './winners-board.module.css';

/**
 * The winners board (home only): the largest recent wins, two per slide; with 7 or more entries the slides scroll
 * in a loop (the list is drawn twice so the loop has no seam). Motion stops for members who ask for less.
 */
export const WinnersBoard = () => {
  const { t } = useGamesTranslation();
  const formatMoney = useFormatMoney();
  const language = useLobbyLanguage();
  const { data } = useRankList(language);
  const [board, setBoard] = useState<HTMLElement | null>(null);
  usePauseUnseen(board);
  const winners = sortWinners(data ?? []);
  if (winners.length === 0) return null;
  const slides = slidesOf(winners);
  const isLooping = isWinnersLooping(winners.length);
  const drawn = isLooping ? [...slides, ...slides] : slides;
  return (
    <section ref={setBoard} className={styles.board} aria-labelledby="winners-title" data-winners-board="">
      <h2 id="winners-title" className={styles.title}>
        <TrophyIcon aria-hidden="true" />
        {t('latest_winners')}
      </h2>
      <div className={styles.viewport}>
        <ol
          className={`${styles.slides} ${isLooping ? styles.looping : ''}`}
          style={{ ['--slides' as string]: slides.length }}
        >
          {drawn.map((slide, slideIndex) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: slides are positions in a fixed list drawn twice
              key={slideIndex}
              className={styles.slide}
              aria-hidden={slideIndex >= slides.length ? true : undefined}
            >
              {slide.map((winner) => (
                <div
                  key={`${winner.nodeId}-${winner.winAt}-${winner.customerName}`}
                  className={styles.winner}
                  data-winner={winner.nodeId}
                >
                  <img src={winner.iconUrl} alt="" loading="lazy" className={styles.icon} />
                  <div className={styles.text}>
                    <span className={styles.name}>
                      <bdi>{winner.customerName}</bdi>
                      {/* The demo's seeded history (decision 0065) says so. */}
                      {winner.isDemo ? (
                        <span className={styles.demo} data-winner-demo="">
                          {t('winner_demo')}
                        </span>
                      ) : null}
                    </span>
                    <span className={styles.game}>{t('just_won_in', { game: winner.gameName })}</span>
                  </div>
                  <span className={styles.amount}>
                    <bdi>{formatMoney(winner.winAmount, winner.currency)}</bdi>
                  </span>
                </div>
              ))}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
};
