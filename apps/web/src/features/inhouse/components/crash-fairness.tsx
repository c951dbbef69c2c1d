import type { CrashChain, CrashHistoryEntry } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatHundredths } from '../game-logic';
import styles from '../inhouse.module.css';
import { crashVerifyLink } from '../verify-link';

/**
 * The chain the rounds come from (its terminal hash and salt, published before its game 1) and the revealed
 * hash of each recent round, each with a link that recomputes it on the public verifier.
 */
export const CrashFairness = ({
  chain,
  history,
}: {
  chain: CrashChain | null;
  history: readonly CrashHistoryEntry[];
}) => {
  const { t } = useTranslation('inhouse');
  return (
    <div className={styles.stack} data-testid="crash-fairness">
      <p className={styles.hint}>{t('ih_crash_fair_intro')}</p>
      <dl className={styles.facts}>
        <dt>{t('ih_terminal_hash')}</dt>
        <dd className={styles.mono} data-testid="crash-terminal-hash">
          <bdi>{chain?.terminalHash ?? '…'}</bdi>
        </dd>
        <dt>{t('ih_salt')}</dt>
        <dd className={styles.mono}>
          <bdi>{chain?.salt ?? '…'}</bdi>
        </dd>
        <dt>{t('ih_crash_chain_length')}</dt>
        <dd>{chain?.length ?? '…'}</dd>
      </dl>
      {history.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="crash-revealed">
            <thead>
              <tr>
                <th>{t('ih_game_number')}</th>
                <th>{t('ih_crash_point')}</th>
                <th>{t('ih_game_hash')}</th>
                <th>{t('ih_verify')}</th>
              </tr>
            </thead>
            <tbody>
              {history.map((entry) => {
                const entryChain = chain && chain.id === entry.chainId ? chain : null;
                return (
                  <tr key={entry.id}>
                    <td>{entry.gameNumber}</td>
                    <td>{formatHundredths(entry.crashPoint)}×</td>
                    <td className={styles.mono}>
                      <bdi>{`${entry.gameHash.slice(0, 16)}…`}</bdi>
                    </td>
                    <td>
                      {entryChain ? (
                        <Link
                          className={styles.link}
                          to={crashVerifyLink({
                            gameHash: entry.gameHash,
                            salt: entryChain.salt,
                            terminalHash: entryChain.terminalHash,
                            gameNumber: entry.gameNumber,
                          })}
                          data-testid="crash-verify-round"
                        >
                          {t('ih_verify')}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      <Link to="/inHouse/verify?game=crash" className={styles.link}>
        {t('ih_open_verifier')}
      </Link>
    </div>
  );
};
