import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Badge } from '../../../shared/ui/badge';
import table from '../../../shared/ui/data-table.module.css';
import { ErrorState, ListStates, LoadingState } from '../../../shared/ui/page-state';
import { Panel } from '../../../shared/ui/panel';
import { useJackpot, useJackpotWins } from '../api/jackpot-api';
import styles from './jackpot.module.css';
import { JackpotSettings } from './jackpot-settings';

/** The merchant's jackpot: the pool's value and totals, its settings, and its wins with their proofs. */
export const JackpotPanel = ({ code, canManage }: { code: string; canManage: boolean }) => {
  const { t } = useTranslation();
  const jackpot = useJackpot(code);
  const wins = useJackpotWins(code);
  if (jackpot.isPending) return <LoadingState />;
  if (jackpot.isError) return <ErrorState error={jackpot.error} onRetry={() => void jackpot.refetch()} />;
  const data = jackpot.data;
  const dateOf = (iso: string) =>
    new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(Date.parse(iso));
  const figures: [string, string][] = [
    [t('jackpot.value'), `${data.value} ${data.currency}`],
    [t('jackpot.contributions'), new Intl.NumberFormat(currentLocale()).format(data.contributions)],
    [t('jackpot.contributed'), `${data.contributed} ${data.currency}`],
    [t('jackpot.wins'), new Intl.NumberFormat(currentLocale()).format(data.wins)],
    [t('jackpot.paid'), `${data.paid} ${data.currency}`],
  ];
  return (
    <div className={styles.stack}>
      <Panel
        id="jackpot-pool"
        title={t('jackpot.pool')}
        badge={
          data.enabled ? (
            <Badge tone="success">{t('jackpot.on')}</Badge>
          ) : (
            <Badge>{data.configured ? t('jackpot.off') : t('jackpot.notConfigured')}</Badge>
          )
        }
        description={t('jackpot.poolDescription')}
      >
        <dl className={styles.figures} data-testid="jackpot-figures">
          {figures.map(([label, value]) => (
            <div key={label} className={styles.figure}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Panel>
      <Panel id="jackpot-settings" title={t('jackpot.settings')} description={t('jackpot.settingsDescription')}>
        <JackpotSettings key={data.updatedAt ?? 'new'} code={code} data={data} canManage={canManage} />
      </Panel>
      <Panel id="jackpot-wins" title={t('jackpot.winsTitle')} description={t('jackpot.winsDescription')}>
        <ListStates query={wins} emptyMessage={t('jackpot.noWins')} />
        {wins.data && wins.data.list.length > 0 ? (
          <div className={table.wrap}>
            <table className={table.table}>
              <thead>
                <tr>
                  <th scope="col">{t('jackpot.wonAt')}</th>
                  <th scope="col">{t('jackpot.member')}</th>
                  <th scope="col">{t('jackpot.game')}</th>
                  <th scope="col">{t('jackpot.amount')}</th>
                  <th scope="col">{t('jackpot.proof')}</th>
                </tr>
              </thead>
              <tbody>
                {wins.data.list.map((win) => (
                  <tr key={win.id}>
                    <td data-label={t('jackpot.wonAt')}>{dateOf(win.wonAt)}</td>
                    <td data-label={t('jackpot.member')}>{win.username}</td>
                    <td data-label={t('jackpot.game')}>{t(`inhouse.games.${win.game}`)}</td>
                    <td data-label={t('jackpot.amount')}>
                      {win.amount} {win.currency}
                    </td>
                    <td data-label={t('jackpot.proof')} className={styles.proof}>
                      <div>{t('jackpot.proofSeedHash', { hash: win.proof.serverSeedHash })}</div>
                      <div>
                        {win.proof.serverSeed
                          ? t('jackpot.proofSeed', { seed: win.proof.serverSeed })
                          : t('jackpot.proofSeedHidden')}
                      </div>
                      <div>
                        {t('jackpot.proofClient', {
                          clientSeed: win.proof.clientSeed,
                          nonce: win.proof.nonce,
                          draw: win.proof.draw,
                          probability: win.proof.probabilityPpb,
                        })}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </Panel>
    </div>
  );
};
