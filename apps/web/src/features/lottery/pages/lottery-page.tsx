import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { TicketIcon } from '../../../shared/ui/icons/icons';
import { PageFrame } from '../../../shared/ui/page-frame/page-frame';
import styles from './lottery-page.module.css';

const titleKeys: Readonly<Record<string, string>> = {
  '/lottery': 'con_lott',
  '/sealottery': 'sea_lottery',
  '/vnlottery': 'vn_lottery',
};

/** /lottery, /seaLottery and /vnLottery (lazy group Lottery, login required); ?gameCode= picks the game. */
export const LotteryPage = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const gameCode = searchParams.get('gameCode')?.trim() || null;
  const titleKey = titleKeys[pathname.replace(/\/+$/, '').toLowerCase()] ?? 'con_lott';
  return (
    <PageFrame title={t(titleKey)} icon={<TicketIcon />}>
      {gameCode ? (
        <p className={styles.gameCode}>
          <span className={styles.label}>{t('in_game_code')}</span>
          <span className={styles.value}>{gameCode}</span>
        </p>
      ) : null}
      <EmptyState />
    </PageFrame>
  );
};
