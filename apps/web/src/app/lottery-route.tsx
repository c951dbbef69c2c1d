import { useLocation, useSearchParams } from 'react-router';
import { LotteryPage } from '../features/games/pages/lottery-page';
import { useLotteryGames } from '../features/lottery/api/lottery-api';
import { LotteryHomePage } from '../features/lottery/pages/lottery-home-page';
import { LoadingCover } from '../shared/ui/loading-cover/loading-cover';

/**
 * /lottery is the platform's own lottery (decision 0086): its lobby, or the betting view of one of its games
 * (?gameCode=FAST1). A game code the platform does not run is a provider's lottery (LOTT, ELOTT cards launch
 * here with their code, spec section 4), which opens in the game frame as before; so do /seaLottery and
 * /vnLottery.
 */
export const LotteryRoute = () => {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const gameCode = search.get('gameCode')?.trim() || null;
  const own = pathname === '/lottery';
  const games = useLotteryGames(own && gameCode !== null);
  if (!own) return <LotteryPage />;
  if (gameCode === null) return <LotteryHomePage gameCode={null} />;
  if (games.isPending) return <LoadingCover />;
  const isOwn = games.data?.games.some((game) => game.code === gameCode) ?? false;
  return isOwn ? <LotteryHomePage gameCode={gameCode} /> : <LotteryPage />;
};
