import { useLocation, useSearchParams } from 'react-router';
import { LotteryPage } from '../features/games/pages/lottery-page';
import { useLotteryGames } from '../features/lottery/api/lottery-api';
import { kindPaths, LotteryHomePage } from '../features/lottery/pages/lottery-home-page';
import { LoadingCover } from '../shared/ui/loading-cover/loading-cover';

/**
 * /lottery is the platform's own lottery (decision 0086): its lobby, or the betting view of one of its games
 * (?gameCode=FAST1). A game code the platform does not run is a provider's lottery (LOTT, ELOTT cards launch
 * here with their code, spec section 4), which opens in the game frame as before. /seaLottery is the same for the
 * platform's 4D games (decision 0108): their lobby, or the betting view of one (?gameCode=SEA4D); any other code
 * is a provider's South-East Asian lottery in the game frame. /vnLottery is the same for the Vietnamese regional
 * games (decision 0134: VNN, VNC, VNS); any other code there is the provider's Vietnamese lotto in the game frame.
 */
export const LotteryRoute = () => {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const gameCode = search.get('gameCode')?.trim() || null;
  const kind =
    pathname === '/lottery'
      ? 'five_digit'
      : pathname === '/seaLottery'
        ? 'four_d'
        : pathname === '/vnLottery'
          ? 'vn_north'
          : null;
  const games = useLotteryGames(kind !== null && gameCode !== null);
  if (kind === null) return <LotteryPage />;
  if (gameCode === null) return <LotteryHomePage gameCode={null} kind={kind} />;
  if (games.isPending) return <LoadingCover />;
  const isOwn =
    games.data?.games.some((game) => game.code === gameCode && kindPaths[game.kind] === kindPaths[kind]) ?? false;
  return isOwn ? <LotteryHomePage gameCode={gameCode} kind={kind} /> : <LotteryPage />;
};
