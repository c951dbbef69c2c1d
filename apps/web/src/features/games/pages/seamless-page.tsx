import { useQueryClient } from '@tanstack/react-query';
import { gameSchema, walletEndpoints } from '@tessera/contracts';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { isApiError } from '../../../shared/api/api-error';
import { queryKeyOf } from '../../../shared/api/query-key';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { navigateQuietly } from '../../../shared/routing/navigate-quietly';
import { usePublicStore } from '../../../shared/state/public-store';
import { useShellStore } from '../../../shared/state/shell-store';
import { hasSessionToken } from '../../../shared/storage/browser-storage';
import { Alert } from '../../../shared/ui/alert/alert';
import { Button } from '../../../shared/ui/button/button';
import { ExternalIcon, WrenchIcon } from '../../../shared/ui/icons/icons';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { useSeamlessBalance } from '../api/get-balance';
import { useLaunchGameUrl } from '../api/launch-game';
import { toLobbyGame } from '../api/to-lobby';
import { GameSuggestions } from '../components/game-suggestions';
import { launchOfSeamlessQuery, seamlessPathOf } from '../launch/launch-rules';
import { useGamesTranslation } from '../use-games-translation';
import { useLobbyLanguage } from '../use-lobby-language';
import styles from './seamless-page.module.css';

const maintenanceValueSchema = z.object({ suggestions: z.array(gameSchema) });

/** The other games the server suggests with 'game_maintenance', when its answer carries them. */
const suggestionsOf = (value: unknown) => {
  const parsed = maintenanceValueSchema.safeParse(value);
  return parsed.success ? parsed.data.suggestions.map(toLobbyGame) : undefined;
};

/**
 * /seamless (lazy group Seamless; no side menu, no footer): starts the game named in the address and hosts it in a
 * frame, with the balance beside it kept in step (realtime pushes, and a fresh read when the game posts a message).
 * The member may take the game to a window of its own. A game under maintenance shows 'game_maintenance' and
 * other games; a trial account on a real-money game gets the real-account message.
 */
export const SeamlessPage = () => {
  const { t } = useGamesTranslation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const language = useLobbyLanguage();
  const isLogin = usePublicStore((state) => state.isLogin);
  const openDialog = useShellStore((state) => state.openDialog);
  const target = launchOfSeamlessQuery(searchParams);
  const launch = useLaunchGameUrl(target ? { ...target, language } : null, isLogin);
  const balance = useSeamlessBalance(isLogin);
  const formatMoney = useFormatMoney();
  const queryClient = useQueryClient();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const gameUrl = launch.data?.content.game_url ?? null;
  const errorCode = launch.error ? (isApiError(launch.error) ? launch.error.code : 'unknown_error') : null;
  const serverSuggestions = isApiError(launch.error) ? suggestionsOf(launch.error.value) : undefined;

  // The platform's own games (in-house, lottery) answer with one of the site's own pages: go there, not into a frame.
  useEffect(() => {
    if (gameUrl?.startsWith('/')) navigateQuietly(navigate(gameUrl, { replace: true }));
  }, [gameUrl, navigate]);

  useEffect(() => {
    if (errorCode === 'in_need_true_account') openDialog('realAccount');
  }, [errorCode, openDialog]);

  // A visitor (no session at all) who opens a game's address gets the login popup (spec section 4 step 1).
  const isVisitor = !hasSessionToken();
  const hasTarget = target !== null;
  useEffect(() => {
    if (hasTarget && isVisitor) openDialog('login');
  }, [hasTarget, isVisitor, openDialog]);

  useEffect(() => {
    if (!gameUrl) return;
    const gameOrigin = new URL(gameUrl, window.location.href).origin;
    const handleMessage = (event: MessageEvent) => {
      if (event.origin !== gameOrigin) return;
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(walletEndpoints.balance) });
    };
    window.addEventListener('message', handleMessage);
    return () => window.removeEventListener('message', handleMessage);
  }, [gameUrl, queryClient]);

  if (!target) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{t('in_game_center')}</h1>
        <Alert tone="warning">{t('game_not_chosen')}</Alert>
        <Link to="/">{t('game_back_to_lobby')}</Link>
      </div>
    );
  }

  const main = balance.data?.balance.find((item) => item.wallet === 'main');
  const handleFullscreen = () => void frameRef.current?.requestFullscreen?.().catch(() => undefined);
  const handleNewWindow = () => {
    if (!gameUrl) return;
    window.open(gameUrl, '_blank', 'noopener');
    navigateQuietly(navigate(-1));
  };

  return (
    <div className={styles.page} data-seamless={target.nodeId}>
      <div className={styles.bar}>
        <Button variant="ghost" size="sm" onClick={() => navigateQuietly(navigate(-1))}>
          {t('game_back_to_lobby')}
        </Button>
        <h1 className={styles.title}>{launch.data?.content.gameName ?? ''}</h1>
        {launch.data?.content.mode === 'fun' ? <span className={styles.fun}>{t('in_free_trial')}</span> : null}
        <span className={styles.balance} data-seamless-balance="">
          {balance.data ? (
            <>
              <span className={styles.balanceLabel}>{t('game_balance')}</span>
              <bdi>{formatMoney(main?.availBalance ?? balance.data.sumBalance, balance.data.currency)}</bdi>
            </>
          ) : null}
        </span>
        {gameUrl ? (
          <div className={styles.actions}>
            <Button variant="secondary" size="sm" onClick={handleFullscreen}>
              {t('game_fullscreen')}
            </Button>
            <Button variant="secondary" size="sm" icon={<ExternalIcon />} onClick={handleNewWindow}>
              {t('game_new_window')}
            </Button>
          </div>
        ) : null}
      </div>
      {errorCode === 'game_maintenance' ? (
        <div className={styles.notice} data-game-maintenance="">
          <p className={styles.noticeText}>
            <WrenchIcon aria-hidden="true" />
            {t('game_maintenance', { ns: 'errors' })}
          </p>
          <GameSuggestions
            game={{ nodeId: target.nodeId, vassalage: target.vassalage, gameType: target.gameType }}
            games={serverSuggestions}
            onPlay={(game) => navigateQuietly(navigate(seamlessPathOf(game, 'real'), { replace: true }))}
          />
        </div>
      ) : errorCode ? (
        <Alert tone="danger" name="launch-error">
          {t(errorCode, { ns: 'errors' })}
        </Alert>
      ) : isVisitor ? (
        <Alert tone="info">{t('game_login_needed')}</Alert>
      ) : gameUrl && !gameUrl.startsWith('/') ? (
        <iframe
          ref={frameRef}
          className={styles.frame}
          src={gameUrl}
          title={launch.data?.content.gameName ?? t('in_game_center')}
          allow="fullscreen; autoplay"
          referrerPolicy="no-referrer"
          data-game-frame=""
        />
      ) : (
        <InlineLoader label={t('game_starting')} />
      )}
    </div>
  );
};
