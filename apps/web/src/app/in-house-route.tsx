import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { InHousePage } from '../features/games/pages/in-house-page';
import { JackpotTicker } from '../features/jackpot/components/jackpot-ticker';
import { MyJackpotWins } from '../features/jackpot/components/my-jackpot-wins';
import { LoadingCover } from '../shared/ui/loading-cover/loading-cover';
import styles from './in-house-route.module.css';

const InhouseGamePage = lazy(() =>
  import('../features/inhouse/pages/inhouse-game-page').then((m) => ({ default: m.InhouseGamePage })),
);

/**
 * /inHouse is the category's lobby, with the live jackpot and the member's own jackpot wins above it;
 * /inHouse?game=dice (the launch address of an in-house game) is the game, with the jackpot it feeds above it.
 */
export const InHouseRoute = () => {
  const [search] = useSearchParams();
  const game = search.get('game');
  if (!game) {
    return (
      <>
        <Suspense fallback={null}>
          <div className={styles.jackpot}>
            <JackpotTicker />
            <MyJackpotWins />
          </div>
        </Suspense>
        <InHousePage />
      </>
    );
  }
  return (
    <>
      <Suspense fallback={null}>
        <div className={styles.jackpot}>
          <JackpotTicker game={game} />
        </div>
      </Suspense>
      <Suspense fallback={<LoadingCover />}>
        <InhouseGamePage />
      </Suspense>
    </>
  );
};
