import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePauseUnseen } from '../../../shared/hooks/use-pause-unseen';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { useJackpotPools } from '../api/jackpot-api';
import styles from './jackpot-ticker.module.css';

/**
 * The pushes that keep the shown pools live, with the realtime client they need: loaded once a pool shows, so a
 * page without one (most first visits) neither loads the client nor opens its connection. A push carries the pool's
 * whole value, so one made between the read and the subscription is made good by the next.
 */
const JackpotPushes = lazy(() =>
  import('../api/jackpot-pushes').then((m) => ({
    default: () => {
      m.useJackpotPushes();
      return null;
    },
  })),
);

export interface JackpotTickerProps {
  /** On a game's page: only the pools that game feeds (none for a game that is not eligible). */
  game?: string;
}

/** The live jackpot of the in-house games: each enabled pool's value, updated as it grows; nothing without one. */
export const JackpotTicker = ({ game }: JackpotTickerProps) => {
  const { t } = useTranslation('jackpot');
  const formatMoney = useFormatMoney();
  const [section, setSection] = useState<HTMLElement | null>(null);
  usePauseUnseen(section);
  const pools = (useJackpotPools().data?.list ?? []).filter(
    (pool) => game === undefined || (pool.eligibleGames as readonly string[]).includes(game),
  );
  if (pools.length === 0) return null;
  return (
    <section ref={setSection} className={styles.ticker} aria-label={t('jp_title')} data-testid="jackpot-ticker">
      <Suspense fallback={null}>
        <JackpotPushes />
      </Suspense>
      <div className={styles.heading}>
        <span className={styles.title}>{t('jp_title')}</span>
        <span className={styles.live}>
          <span className={styles.dot} aria-hidden="true" />
          {t('jp_live')}
        </span>
      </div>
      <div className={styles.values}>
        {pools.map((pool) => (
          <output key={pool.currency} className={styles.value} aria-live="polite" data-jackpot-currency={pool.currency}>
            {formatMoney(pool.value, pool.currency)}
          </output>
        ))}
      </div>
      <p className={styles.hint}>{t('jp_hint')}</p>
    </section>
  );
};
