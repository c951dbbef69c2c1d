import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { usePublicStore } from '../../../shared/state/public-store';
import { CategoryFrame, FilterChip } from '../components/category-frame';
import { gameTypeOfPath } from '../game-types';

/** /live, /fish, /rng and /pvp (lazy group GameListCenter); /rng also takes the provider as ?vassalage=. */
export const GameListCenterPage = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const gameType = gameTypeOfPath(pathname) ?? 'RNG';
  const vassalage = gameType === 'RNG' ? searchParams.get('vassalage')?.trim() || null : null;
  const setCurrentVassalage = usePublicStore((state) => state.setCurrentVassalage);
  useEffect(() => {
    setCurrentVassalage(vassalage);
  }, [vassalage, setCurrentVassalage]);
  return (
    <CategoryFrame
      gameType={gameType}
      filters={<FilterChip label={t('in_provider')} value={vassalage ?? t('in_type_all')} />}
    />
  );
};
