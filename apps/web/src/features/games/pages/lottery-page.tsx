import type { LottoDevice } from '@tessera/contracts';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { navigateQuietly } from '../../../shared/routing/navigate-quietly';
import { usePublicStore } from '../../../shared/state/public-store';
import { useShellStore } from '../../../shared/state/shell-store';
import { Alert } from '../../../shared/ui/alert/alert';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { useLotteryMenus } from '../api/get-lottery-menus';
import { useVendorLanes } from '../api/get-vendor-lanes';
import { useLaunchLottery } from '../api/launch-lottery';
import { GameFrame } from '../components/game-frame';
import { lotteryBackPathOf, lotteryLaunchFieldsOf, lotteryPageOf, prizeModeOfLanes } from '../launch/lottery-launch';
import { useGamesTranslation } from '../use-games-translation';
import { useLobbyLanguage } from '../use-lobby-language';

const titleKeys = { '/lottery': 'con_lott', '/seaLottery': 'sea_lottery', '/vnLottery': 'vn_lottery' } as const;

/**
 * /lottery, /seaLottery and /vnLottery (lazy group Lottery, login required, no side menu): launches the lottery
 * with the lottery launch fields (the betting view of ?gameCode=, else the lobby) and hosts the provider's lottery
 * in the game frame, the balance beside it. The back control, in the bar and in the lottery, returns to the page
 * the member came from.
 */
export const LotteryPage = () => {
  const { t } = useGamesTranslation();
  const { pathname, state } = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const language = useLobbyLanguage();
  const isLogin = usePublicStore((store) => store.isLogin);
  const openDialog = useShellStore((store) => store.openDialog);
  const page = lotteryPageOf(pathname);
  const gameCode = searchParams.get('gameCode')?.trim() || null;
  // Fixed for the visit: a new value would launch again.
  const [backPath] = useState(() => lotteryBackPathOf((state as { from?: unknown } | null)?.from));
  const [device] = useState<LottoDevice>(() => (window.matchMedia('(max-width: 599px)').matches ? 'MOBILE' : 'WEB'));

  // /lottery serves two vendors (LOTT, ELOTT): the game's vendor decides the area and prize mode.
  const needsMenus = page === '/lottery' && gameCode !== null;
  const menus = useLotteryMenus(language, needsMenus);
  const lanes = useVendorLanes(language);
  const isReady = (!needsMenus || !menus.isPending) && !lanes.isPending;
  const fields = isReady
    ? lotteryLaunchFieldsOf({
        page,
        gameCode,
        vendorOfGame: menus.data?.find((game) => game.gameCode === gameCode)?.vassalage ?? null,
        lobbyPrizeMode: prizeModeOfLanes(lanes.data ?? []),
        device,
        backUrl: new URL(backPath, window.location.origin).toString(),
        language,
      })
    : null;
  const launch = useLaunchLottery(fields, isLogin);
  const gameUrl = launch.data?.content.game_url ?? null;
  const errorCode = launch.error ? (isApiError(launch.error) ? launch.error.code : 'unknown_error') : null;

  useEffect(() => {
    if (errorCode === 'in_need_true_account') openDialog('realAccount');
  }, [errorCode, openDialog]);

  return (
    <GameFrame
      title={launch.data?.content.gameName ?? t(titleKeys[page])}
      gameUrl={errorCode ? null : gameUrl}
      onBack={() => navigateQuietly(navigate(backPath))}
      marker={{ 'data-lottery': page, 'data-lottery-game': gameCode ?? '' }}
    >
      {errorCode ? (
        <Alert tone="danger" name="launch-error">
          {t(errorCode, { ns: 'errors' })}
        </Alert>
      ) : (
        <InlineLoader label={t('game_starting')} />
      )}
    </GameFrame>
  );
};
