import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { type GameType, usePublicStore } from '../../../shared/state/public-store';
import { useVendorLanes } from '../api/get-vendor-lanes';
import { gameTypeLabelKeys } from '../game-types';
import { type LobbyAction, lobbyStateFromQuery, nextLobbyState, queryOfLobbyState } from '../lobby/lobby-rules';
import { useGamesTranslation } from '../use-games-translation';
import { useLobbyLanguage } from '../use-lobby-language';
import styles from './category-lobby.module.css';
import { GameLobby } from './game-lobby';

export interface CategoryLobbyProps {
  gameType: GameType;
}

/**
 * A category's own page (/live, /rng, /sports, /inHouse...): the category lobby with its state in the address
 * (?vassalage=&classify=&filter=&page=), so /rng?vassalage=PG opens on that provider and Back steps through filters.
 */
export const CategoryLobby = ({ gameType }: CategoryLobbyProps) => {
  const { t } = useGamesTranslation();
  const language = useLobbyLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = lobbyStateFromQuery(searchParams);
  const lanes = useVendorLanes(language).data ?? [];
  const setCurrentGameType = usePublicStore((store) => store.setCurrentGameType);
  const setCurrentVassalage = usePublicStore((store) => store.setCurrentVassalage);
  useEffect(() => {
    setCurrentGameType(gameType);
  }, [gameType, setCurrentGameType]);
  useEffect(() => {
    setCurrentVassalage(state.vassalage || null);
  }, [state.vassalage, setCurrentVassalage]);

  const handleAction = (action: LobbyAction) => {
    const next = nextLobbyState(state, action);
    if (next !== state) setSearchParams(queryOfLobbyState(next));
  };

  return (
    <div className={styles.page}>
      <GameLobby
        title={t(gameTypeLabelKeys[gameType])}
        gameType={gameType}
        searchText=""
        state={state}
        onAction={handleAction}
        lanes={lanes}
        hasVendorStrip
      />
    </div>
  );
};
