import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { InHousePage } from '../features/games/pages/in-house-page';
import { LoadingCover } from '../shared/ui/loading-cover/loading-cover';

const InhouseGamePage = lazy(() =>
  import('../features/inhouse/pages/inhouse-game-page').then((m) => ({ default: m.InhouseGamePage })),
);

/** /inHouse is the category's lobby; /inHouse?game=dice (the launch address of an in-house game) is the game. */
export const InHouseRoute = () => {
  const [search] = useSearchParams();
  if (!search.get('game')) return <InHousePage />;
  return (
    <Suspense fallback={<LoadingCover />}>
      <InhouseGamePage />
    </Suspense>
  );
};
