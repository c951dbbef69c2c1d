import { useQueryClient } from '@tanstack/react-query';
import { walletEndpoints } from '@tessera/contracts';
import { type ReactNode, useEffect, useRef } from 'react';
import { queryKeyOf } from '../../../shared/api/query-key';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { usePublicStore } from '../../../shared/state/public-store';
import { Button } from '../../../shared/ui/button/button';
import { ExternalIcon } from '../../../shared/ui/icons/icons';
import { useSeamlessBalance } from '../api/get-balance';
import { useGamesTranslation } from '../use-games-translation';
import styles from './game-frame.module.css';

export interface GameFrameProps {
  /** The game's name in the bar (empty while it starts). */
  title: string;
  /** The outside game's page, once launched; without it the children show (loader, error, notice). */
  gameUrl: string | null;
  isFun?: boolean;
  onBack: () => void;
  /** Marks the page for tests and styles (`data-seamless`, `data-lottery`...). */
  marker: Readonly<Record<`data-${string}`, string>>;
  children?: ReactNode;
}

/**
 * A launched game on a page of its own (no side menu): the bar with a back control, the game's name and the
 * balance, the game's frame at full height, fullscreen and new-window actions. The balance follows realtime
 * pushes and is read again whenever the game's page posts a message.
 */
export const GameFrame = ({ title, gameUrl, isFun = false, onBack, marker, children }: GameFrameProps) => {
  const { t } = useGamesTranslation();
  const isLogin = usePublicStore((state) => state.isLogin);
  const balance = useSeamlessBalance(isLogin);
  const formatMoney = useFormatMoney();
  const queryClient = useQueryClient();
  const frameRef = useRef<HTMLIFrameElement>(null);

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

  const main = balance.data?.balance.find((item) => item.wallet === 'main');
  const handleFullscreen = () => void frameRef.current?.requestFullscreen?.().catch(() => undefined);
  const handleNewWindow = () => {
    if (!gameUrl) return;
    window.open(gameUrl, '_blank', 'noopener');
    onBack();
  };

  return (
    <div className={styles.page} {...marker}>
      <div className={styles.bar}>
        <Button variant="ghost" size="sm" onClick={onBack} data-game-back="">
          {t('game_back_to_lobby')}
        </Button>
        <h1 className={styles.title}>{title}</h1>
        {isFun ? <span className={styles.fun}>{t('in_free_trial')}</span> : null}
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
      {gameUrl ? (
        <iframe
          ref={frameRef}
          className={styles.frame}
          src={gameUrl}
          title={title || t('in_game_center')}
          allow="fullscreen; autoplay"
          referrerPolicy="no-referrer"
          data-game-frame=""
        />
      ) : (
        children
      )}
    </div>
  );
};
