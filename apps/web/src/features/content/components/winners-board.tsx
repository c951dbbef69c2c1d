import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/i18n/format-money';
import { usePublicStore } from '../../../shared/state/public-store';
import { useWinners } from '../api/winners';
import { WINNERS_LOOP_FROM, winnerSlidesOf } from '../winners';
import styles from './winners-board.module.css';

const SLIDE_MS = 3000;

/**
 * The winners board of the home lobby (HOME only): the largest wins first, two a slide, scrolling by itself
 * and looping once there are 7 entries; the top three are marked.
 */
export const WinnersBoard = () => {
  const { t } = useTranslation();
  const language = usePublicStore((state) => state.language);
  const entries = useWinners().data?.list ?? [];
  const slides = winnerSlidesOf(entries);
  const ranked = slides.flat();
  const isLooping = entries.length >= WINNERS_LOOP_FROM;
  const [slide, setSlide] = useState(0);
  const [isHeld, setHeld] = useState(false);

  useEffect(() => {
    if (!isLooping || isHeld) return;
    const timer = window.setInterval(() => setSlide((current) => (current + 1) % slides.length), SLIDE_MS);
    return () => window.clearInterval(timer);
  }, [isLooping, isHeld, slides.length]);

  if (slides.length === 0) return null;
  const shown = isLooping ? [slides[slide % slides.length] ?? []] : slides;
  return (
    <section
      className={styles.board}
      aria-labelledby="winners-title"
      data-winners=""
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
    >
      <h2 id="winners-title" className={styles.title}>
        {t('latest_winners')}
      </h2>
      <div className={styles.slides} aria-live="off">
        {shown.map((pair) => (
          <ul key={pair.map((vo) => `${vo.nodeId}-${vo.winAt}-${vo.customerName}`).join('|')} className={styles.slide}>
            {pair.map((vo) => {
              const rank = ranked.indexOf(vo) + 1;
              return (
                <li
                  key={`${vo.nodeId}-${vo.winAt}-${vo.customerName}`}
                  className={styles.winner}
                  data-top={rank <= 3 || undefined}
                >
                  <span className={styles.rank}>{rank}</span>
                  <img className={styles.icon} src={vo.iconUrl} alt="" width={40} height={40} loading="lazy" />
                  <span className={styles.who}>
                    <bdi className={styles.name}>{vo.customerName}</bdi>
                    <span className={styles.game} dir="auto">
                      {t('just_won_in', { game: vo.gameName })}
                    </span>
                  </span>
                  <span className={styles.amount}>{formatMoney(vo.winAmount, vo.currency, language)}</span>
                </li>
              );
            })}
          </ul>
        ))}
      </div>
    </section>
  );
};
