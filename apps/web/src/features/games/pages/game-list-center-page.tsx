import { useLocation } from 'react-router';
import { CategoryLobby } from '../components/category-lobby';
import { gameTypeOfPath } from '../game-types';

/** /live, /fish, /rng and /pvp (lazy group GameListCenter); /rng also takes the provider as ?vassalage=. */
export const GameListCenterPage = () => {
  const { pathname } = useLocation();
  const gameType = gameTypeOfPath(pathname) ?? 'RNG';
  return <CategoryLobby key={gameType} gameType={gameType} />;
};
