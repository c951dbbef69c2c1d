import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { useLotteryGames } from '../api/lottery-api';
import styles from './lottery.module.css';
import { LotteryGameForm } from './lottery-game-form';

/** Every lottery game of the merchant, each with its settings form (read-only without lottery.manage). */
export const LotteryGames = ({ code, canManage }: { code: string; canManage: boolean }) => {
  const { t } = useTranslation();
  const games = useLotteryGames(code);
  if (games.isPending) return <LoadingState />;
  if (games.isError) return <ErrorState error={games.error} onRetry={() => void games.refetch()} />;
  return (
    <div className={styles.stack} data-testid="lottery-games">
      <p className={styles.note}>{t('lottery.gamesIntro')}</p>
      {games.data.map((game) => (
        <LotteryGameForm key={game.code} code={code} game={game} canManage={canManage} />
      ))}
    </div>
  );
};
