import { newClientSeedSchema } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorKeyOf } from '../../../shared/api/api-error';
import { useRevealedSeeds, useRotateSeeds, useSeeds } from '../api/inhouse-api';
import styles from '../inhouse.module.css';

/** Server seed hash, client seed (editable through rotation), next nonce, and the seeds revealed so far. */
export const FairnessPanel = ({ signedIn }: { signedIn: boolean }) => {
  const { t } = useTranslation('inhouse');
  const { t: te } = useTranslation('errors');
  const seeds = useSeeds(signedIn);
  const revealed = useRevealedSeeds(signedIn);
  const rotate = useRotateSeeds();
  const [clientSeed, setClientSeed] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const submit = () => {
    const parsed = newClientSeedSchema.safeParse(clientSeed);
    if (!parsed.success) {
      setFieldError(te(parsed.error.issues[0]?.message ?? 'field_invalid'));
      return;
    }
    setFieldError(null);
    rotate.mutate(parsed.data, { onSuccess: () => setClientSeed('') });
  };

  if (!signedIn) return <p className={styles.hint}>{t('ih_fair_sign_in')}</p>;
  return (
    <div className={styles.stack} data-testid="fairness-panel">
      <dl className={styles.facts}>
        <dt>{t('ih_server_seed_hash')}</dt>
        <dd className={styles.mono} data-testid="server-seed-hash">
          <bdi>{seeds.data?.serverSeedHash ?? '…'}</bdi>
        </dd>
        <dt>{t('ih_client_seed')}</dt>
        <dd className={styles.mono} data-testid="client-seed">
          <bdi>{seeds.data?.clientSeed ?? '…'}</bdi>
        </dd>
        <dt>{t('ih_next_nonce')}</dt>
        <dd className={styles.mono} data-testid="next-nonce">
          {seeds.data?.nonce ?? '…'}
        </dd>
      </dl>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="inhouse-client-seed">
          {t('ih_new_client_seed')}
        </label>
        <div className={styles.stakeRow}>
          <input
            id="inhouse-client-seed"
            className={styles.input}
            value={clientSeed}
            maxLength={64}
            onChange={(event) => setClientSeed(event.target.value)}
          />
          <button type="button" className={styles.chip} onClick={submit} disabled={rotate.isPending}>
            {t('ih_rotate')}
          </button>
        </div>
        <p className={fieldError || rotate.error ? styles.error : styles.hint}>
          {fieldError ?? (rotate.error ? te(errorKeyOf(rotate.error)) : t('ih_rotate_hint'))}
        </p>
      </div>
      {revealed.data && revealed.data.length > 0 ? (
        <div className={styles.stack}>
          <h4 className={styles.smallTitle}>{t('ih_revealed_seeds')}</h4>
          <ul className={styles.revealedList} data-testid="revealed-seeds">
            {revealed.data.map((pair) => (
              <li key={pair.serverSeedHash} className={styles.mono}>
                <span>{t('ih_server_seed')}: </span>
                <bdi data-testid="revealed-seed">{pair.serverSeed}</bdi>
                <span className={styles.subtle}>
                  {' '}
                  · {t('ih_client_seed')}: <bdi>{pair.clientSeed}</bdi> · {t('ih_bets_made', { count: pair.nonce })}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Link to="/inHouse/verify" className={styles.link}>
        {t('ih_open_verifier')}
      </Link>
    </div>
  );
};
