import { useLocation } from 'react-router';
import { CategoryFrame } from '../components/category-frame';
import { gameTypeOfPath } from '../game-types';

/** /favorite and /recent (lazy group AccountGame, login required); the path is the type parameter. */
export const AccountGamePage = () => {
  const { pathname } = useLocation();
  return <CategoryFrame gameType={gameTypeOfPath(pathname) === 'RECENT' ? 'RECENT' : 'FAV'} />;
};
