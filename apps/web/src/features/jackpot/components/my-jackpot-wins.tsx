import type { JackpotWin } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { useMyJackpotWins } from '../api/jackpot-api';
import styles from './jackpot-ticker.module.css';

/** The verifier (/inHouse/verify) prefilled with a win's revealed seeds and the probability in force. */
const verifyLinkOf = ({ proof }: JackpotWin, serverSeed: string) =>
  `/inHouse/verify?${new URLSearchParams({
    game: 'jackpot',
    serverSeed,
    clientSeed: proof.clientSeed,
    nonce: String(proof.nonce),
    probability: String(proof.probabilityPpb),
  })}`;

/** The signed-in member's own jackpot wins with their proofs; nothing when there are none. */
export const MyJackpotWins = () => {
  const { t, i18n } = useTranslation('jackpot');
  const formatMoney = useFormatMoney();
  const wins = useMyJackpotWins().data?.list ?? [];
  if (wins.length === 0) return null;
  const dateOf = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(Date.parse(iso));
  return (
    <section className={styles.wins} aria-labelledby="jackpot-wins-title" data-testid="jackpot-my-wins">
      <h2 className={styles.winsTitle} id="jackpot-wins-title">
        {t('jp_my_wins')}
      </h2>
      <ul className={styles.winList}>
        {wins.map((win) => (
          <li key={win.id} className={styles.win}>
            <span className={styles.winAmount}>{formatMoney(win.amount, win.currency)}</span>
            <span className={styles.winDate}>{dateOf(win.wonAt)}</span>
            <details className={styles.proof}>
              <summary>{t('jp_proof')}</summary>
              <code dir="ltr">
                {win.proof.serverSeed ?? t('jp_seed_hidden')} · {win.proof.serverSeedHash} · {win.proof.clientSeed} ·{' '}
                {win.proof.nonce} · {win.proof.draw}
              </code>
              {win.proof.serverSeed ? (
                <Link className={styles.verify} to={verifyLinkOf(win, win.proof.serverSeed)}>
                  {t('jp_verify')}
                </Link>
              ) : null}
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
};
