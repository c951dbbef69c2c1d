import { gameSchema } from '@tessera/contracts';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { isApiError } from '../../../shared/api/api-error';
import { navigateQuietly } from '../../../shared/routing/navigate-quietly';
import { usePublicStore } from '../../../shared/state/public-store';
import { useShellStore } from '../../../shared/state/shell-store';
import { hasSessionToken } from '../../../shared/storage/browser-storage';
import { Alert } from '../../../shared/ui/alert/alert';
import { WrenchIcon } from '../../../shared/ui/icons/icons';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { useLaunchGameUrl } from '../api/launch-game';
import { toLobbyGame } from '../api/to-lobby';
import { GameFrame } from '../components/game-frame';
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
 * /seamless (lazy group Seamless; no side menu, no footer): starts the game named in the address and hosts it in
 * the game frame, with the balance beside it kept in step. A game under maintenance shows 'game_maintenance' and
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

  if (!target) {
    return (
      <div className={styles.empty}>
        <h1 className={styles.emptyTitle}>{t('in_game_center')}</h1>
        <Alert tone="warning">{t('game_not_chosen')}</Alert>
        <Link to="/">{t('game_back_to_lobby')}</Link>
      </div>
    );
  }

  return (
    <GameFrame
      title={launch.data?.content.gameName ?? ''}
      gameUrl={gameUrl && !gameUrl.startsWith('/') && !errorCode ? gameUrl : null}
      isFun={launch.data?.content.mode === 'fun'}
      onBack={() => navigateQuietly(navigate(-1))}
      marker={{ 'data-seamless': target.nodeId }}
    >
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
      ) : (
        <InlineLoader label={t('game_starting')} />
      )}
    </GameFrame>
  );
};
