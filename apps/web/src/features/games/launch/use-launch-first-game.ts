import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { navigateQuietly } from '../../../shared/routing/navigate-quietly';
import { usePublicStore } from '../../../shared/state/public-store';
import { useShellStore } from '../../../shared/state/shell-store';
import { gameListQueryOptions } from '../api/get-game-list';
import { useLobbyLanguage } from '../use-lobby-language';
import { useLaunchGame } from './use-launch-game';

/**
 * Launches the first game of a category in catalogue order (spec section 2 "Side menu": the e-lottery entry
 * launches the first e-lottery game when logged in, and otherwise opens the login popup). The game goes through
 * the launch rules like a card's (a lottery game to its lottery page). Without a game (or when the list cannot
 * be read) the category's lobby opens instead.
 */
export const useLaunchFirstGame = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const language = useLobbyLanguage();
  const isLogin = usePublicStore((state) => state.isLogin);
  const openDialog = useShellStore((state) => state.openDialog);
  const { launch } = useLaunchGame();

  return async (gameType: string, lobbyPath: string) => {
    if (!isLogin) {
      openDialog('login');
      return;
    }
    const first = await queryClient
      .fetchQuery(gameListQueryOptions({ gameType, pageNo: 1, pageSize: 1, language }))
      .then((page) => page.games[0] ?? null)
      .catch(() => null);
    if (first) launch(first);
    else navigateQuietly(navigate(lobbyPath));
  };
};
