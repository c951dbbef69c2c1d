import { useLocation } from 'react-router';
import { CategoryFrame } from '../components/category-frame';
import { gameTypeOfPath } from '../game-types';

/** /sports, /esports, /lott and /elott (lazy group GameCenter); the path is the gameType parameter. */
export const GameCenterPage = () => {
  const { pathname } = useLocation();
  return <CategoryFrame gameType={gameTypeOfPath(pathname) ?? 'SPORTS'} />;
};
