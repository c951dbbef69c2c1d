import type { CrashPlayerBet } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { formatHundredths } from '../game-logic';
import styles from '../inhouse.module.css';

/** The players of the round: masked names, stakes, where they cashed out and what they won. */
export const CrashPlayers = ({ bets, myBetId }: { bets: readonly CrashPlayerBet[]; myBetId: string | null }) => {
  const { t } = useTranslation('inhouse');
  return (
    <section className={styles.stack} aria-labelledby="crash-players-title">
      <h2 id="crash-players-title" className={styles.sectionTitle}>
        <span>{t('ih_crash_players')}</span>
        <span className={styles.subtle}>{bets.length}</span>
      </h2>
      {bets.length === 0 ? (
        <p className={styles.hint}>{t('ih_crash_no_players')}</p>
      ) : (
        <div className={`${styles.tableWrap} ${styles.players}`}>
          <table className={styles.table} data-testid="crash-players">
            <thead>
              <tr>
                <th>{t('ih_crash_player')}</th>
                <th>{t('ih_stake')}</th>
                <th>{t('ih_multiplier')}</th>
                <th>{t('ih_payout')}</th>
              </tr>
            </thead>
            <tbody>
              {bets.map((bet) => (
                <tr key={bet.id} data-mine={bet.id === myBetId ? 'true' : undefined} data-status={bet.status}>
                  <td className={bet.id === myBetId ? styles.playerMine : undefined}>
                    <bdi>{bet.player}</bdi>
                  </td>
                  <td>
                    {bet.stake} <span className={styles.subtle}>{bet.currency}</span>
                  </td>
                  <td className={bet.status === 'won' ? styles.playerWon : undefined}>
                    {bet.status === 'won' && bet.cashedOutAt !== null
                      ? `${formatHundredths(bet.cashedOutAt)}×`
                      : bet.status === 'open'
                        ? '…'
                        : '—'}
                  </td>
                  <td className={bet.status === 'won' ? styles.playerWon : undefined}>
                    {bet.status === 'open' ? '—' : bet.payout}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
};
