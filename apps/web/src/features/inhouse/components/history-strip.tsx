import type { InhouseGame, InhouseRound } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRecall } from '../api/inhouse-api';
import { formatMultiplier } from '../game-logic';
import styles from '../inhouse.module.css';
import { verifyLinkOf } from '../verify-link';

/**
 * The member's last 10 rounds of this game (game recall): outcome, stake, payout, balances, and a verify link (a
 * crash bet's once its round has crashed).
 */
export const HistoryStrip = ({ game, signedIn }: { game: InhouseGame; signedIn: boolean }) => {
  const { t } = useTranslation('inhouse');
  const recall = useRecall(game, signedIn);
  if (!signedIn) return null;
  const rounds: InhouseRound[] = recall.data ?? [];
  if (rounds.length === 0) return <p className={styles.hint}>{t('ih_no_rounds')}</p>;
  return (
    <div className={styles.stack}>
      <ol className={styles.strip} aria-label={t('ih_recent_rounds')}>
        {rounds.map((round) => (
          <li
            key={round.id}
            className={round.payout !== '0.00' && round.status === 'settled' ? styles.pillWin : styles.pillLose}
            title={`${round.stake} → ${round.payout}`}
          >
            {round.status === 'open' ? '…' : `${formatMultiplier(round.multiplier)}×`}
          </li>
        ))}
      </ol>
      <div className={styles.tableWrap}>
        <table className={styles.table} data-testid="recall-table">
          <thead>
            <tr>
              <th>{game === 'crash' ? t('ih_game_number') : t('ih_nonce')}</th>
              <th>{t('ih_stake')}</th>
              <th>{t('ih_multiplier')}</th>
              <th>{t('ih_payout')}</th>
              <th>{t('ih_balance_before')}</th>
              <th>{t('ih_balance_after')}</th>
              <th>{t('ih_verify')}</th>
            </tr>
          </thead>
          <tbody>
            {rounds.map((round) => (
              <tr key={round.id}>
                <td>{round.nonce}</td>
                <td>{round.stake}</td>
                <td>{round.status === 'open' ? '…' : `${formatMultiplier(round.multiplier)}×`}</td>
                <td>{round.payout}</td>
                <td>{round.balanceBefore}</td>
                <td>{round.balanceAfter ?? '—'}</td>
                <td>
                  {round.serverSeed ? (
                    <Link className={styles.link} to={verifyLinkOf(round)} data-testid="verify-round">
                      {t('ih_verify')}
                    </Link>
                  ) : (
                    <span className={styles.subtle}>{game === 'crash' ? '—' : t('ih_rotate_to_verify')}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
};
