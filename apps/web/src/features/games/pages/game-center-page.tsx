import { useLocation } from 'react-router';
import { CategoryLobby } from '../components/category-lobby';
import { gameTypeOfPath } from '../game-types';

/** /sports, /esports, /lott and /elott (lazy group GameCenter); the path is the gameType parameter. */
export const GameCenterPage = () => {
  const { pathname } = useLocation();
  const gameType = gameTypeOfPath(pathname) ?? 'SPORTS';
  return <CategoryLobby key={gameType} gameType={gameType} />;
};
