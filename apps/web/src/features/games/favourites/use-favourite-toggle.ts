import { useQueryClient } from '@tanstack/react-query';
import { gamesEndpoints } from '@tessera/contracts';
import { useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { queryKeyOf } from '../../../shared/api/query-key';
import { usePublicStore } from '../../../shared/state/public-store';
import { useShellStore } from '../../../shared/state/shell-store';
import { useFavouriteIds } from '../api/get-favourites';
import type { GamePage, LobbyGame } from '../game-item';
import {
  applyFavouriteChange,
  createFavouriteThrottle,
  favouriteChangeOf,
  revertFavouriteChange,
} from './favourite-toggle';

const idsKey = queryKeyOf(gamesEndpoints.favouriteIds);
const listKey = queryKeyOf(gamesEndpoints.favouriteList);

/**
 * The favourite heart (spec section 4 "Favourite toggle"): a visitor gets the login popup; a member's toggle is
 * throttled to once per 1000 ms, applied to the local id list (and, on remove, the shown favourite list) first,
 * then sent; a refusal puts the lists back and says why.
 */
export const useFavouriteToggle = () => {
  const isLogin = usePublicStore((state) => state.isLogin);
  const openDialog = useShellStore((state) => state.openDialog);
  const queryClient = useQueryClient();
  const ids = useFavouriteIds(isLogin).data;
  const throttle = useRef(createFavouriteThrottle());
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const favouriteIds = useMemo(() => new Set(ids ?? []), [ids]);

  const toggle = (game: LobbyGame) => {
    if (!isLogin) {
      openDialog('login');
      return;
    }
    if (!throttle.current.tryPass()) return;
    const current = queryClient.getQueryData<string[]>(idsKey) ?? [];
    const change = favouriteChangeOf(current, game.nodeId);
    setErrorCode(null);
    queryClient.setQueryData<string[]>(idsKey, applyFavouriteChange(current, game.nodeId, change));
    const previousLists = queryClient.getQueriesData<GamePage>({ queryKey: listKey });
    if (change === 'remove') {
      queryClient.setQueriesData<GamePage>({ queryKey: listKey }, (page) =>
        page ? { ...page, games: page.games.filter((item) => item.nodeId !== game.nodeId) } : page,
      );
    }
    const request = { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType };
    const call =
      change === 'add'
        ? callEndpoint(gamesEndpoints.addFavourite, { body: request })
        : callEndpoint(gamesEndpoints.removeFavourite, { query: request });
    call.then(
      () => {
        void queryClient.invalidateQueries({ queryKey: listKey });
      },
      (error: unknown) => {
        queryClient.setQueryData<string[]>(idsKey, (after) => revertFavouriteChange(after ?? [], game.nodeId, change));
        for (const [key, page] of previousLists) queryClient.setQueryData(key, page);
        setErrorCode(isApiError(error) ? error.code : 'unknown_error');
      },
    );
  };

  return { favouriteIds, toggle, errorCode, clearError: () => setErrorCode(null) };
};
