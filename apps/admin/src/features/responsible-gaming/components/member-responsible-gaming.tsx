import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Badge } from '../../../shared/ui/badge';
import table from '../../../shared/ui/data-table.module.css';
import { ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { Panel } from '../../../shared/ui/panel';
import { useMemberResponsibleGaming } from '../api/get-member-responsible-gaming';
import styles from './member-responsible-gaming.module.css';

/**
 * A member's responsible gaming in the back office (issue 31): its limits in force (money and session time) with
 * their use this period and any raise waiting, its reality-check interval and answers, its breaks and exclusions,
 * and the history of its choices. Read only: no operator loosens or
 * lifts what the member chose.
 */
export const MemberResponsibleGaming = ({ id }: { id: string }) => {
  const { t } = useTranslation();
  const query = useMemberResponsibleGaming(id);
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  const time = (iso: string | null) => (iso ? formatTime.format(Date.parse(iso)) : t('responsibleGaming.permanent'));

  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const view = query.data;
  const money = (amount: string | null) =>
    amount === null ? t('responsibleGaming.noLimit') : `${amount} ${view.currency}`;
  const minutes = (value: number | null) =>
    value === null ? t('responsibleGaming.noLimit') : t('responsibleGaming.minutes', { count: value });

  return (
    <Panel
      id="member-responsible-gaming"
      title={t('responsibleGaming.title')}
      description={t('responsibleGaming.description')}
      badge={view.block ? <Badge tone="danger">{t(`responsibleGaming.kind.${view.block.kind}`)}</Badge> : null}
    >
      <div className={styles.sections}>
        <div className={table.wrap}>
          <table className={table.table} data-testid="rg-limits">
            <thead>
              <tr>
                <th scope="col">{t('responsibleGaming.limit')}</th>
                <th scope="col">{t('responsibleGaming.inForce')}</th>
                <th scope="col">{t('responsibleGaming.used')}</th>
                <th scope="col">{t('responsibleGaming.pending')}</th>
              </tr>
            </thead>
            <tbody>
              {view.limits.map((limit) => (
                <tr key={`${limit.kind}-${limit.period}`} data-limit={`${limit.kind}-${limit.period}`}>
                  <td data-label={t('responsibleGaming.limit')}>
                    {t(`responsibleGaming.limitKind.${limit.kind}`)} · {t(`responsibleGaming.period.${limit.period}`)}
                  </td>
                  <td data-label={t('responsibleGaming.inForce')} className={styles.amount}>
                    {money(limit.amount)}
                  </td>
                  <td data-label={t('responsibleGaming.used')} className={styles.amount}>
                    {limit.used === null ? t('responsibleGaming.figureHidden') : money(limit.used)}
                  </td>
                  <td data-label={t('responsibleGaming.pending')}>
                    {limit.pending
                      ? t('responsibleGaming.pendingText', {
                          amount: money(limit.pending.amount),
                          date: time(limit.pending.confirmableAt),
                        })
                      : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className={table.wrap}>
          <table className={table.table} data-testid="rg-session-limits">
            <thead>
              <tr>
                <th scope="col">{t('responsibleGaming.sessionLimit')}</th>
                <th scope="col">{t('responsibleGaming.inForce')}</th>
                <th scope="col">{t('responsibleGaming.used')}</th>
                <th scope="col">{t('responsibleGaming.pending')}</th>
              </tr>
            </thead>
            <tbody>
              {view.sessionLimits.map((limit) => (
                <tr key={limit.period} data-limit={`session-${limit.period}`}>
                  <td data-label={t('responsibleGaming.sessionLimit')}>
                    {t('responsibleGaming.limitKind.session')} · {t(`responsibleGaming.period.${limit.period}`)}
                  </td>
                  <td data-label={t('responsibleGaming.inForce')} className={styles.amount}>
                    {minutes(limit.minutes)}
                  </td>
                  <td data-label={t('responsibleGaming.used')} className={styles.amount}>
                    {minutes(limit.usedMinutes)}
                  </td>
                  <td data-label={t('responsibleGaming.pending')}>
                    {limit.pending
                      ? t('responsibleGaming.pendingText', {
                          amount: minutes(limit.pending.minutes),
                          date: time(limit.pending.confirmableAt),
                        })
                      : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className={styles.note} data-reality-interval="">
          {view.realityCheckMinutes === null
            ? t('responsibleGaming.realityOff')
            : t('responsibleGaming.realityEvery', { minutes: view.realityCheckMinutes })}
        </p>
        {view.realityChecks.length === 0 ? (
          <p className={styles.note}>{t('responsibleGaming.noRealityChecks')}</p>
        ) : (
          <section className={table.wrap} data-testid="rg-reality-checks" aria-labelledby="rg-reality-checks-title">
            <h3 id="rg-reality-checks-title" className={styles.caption}>
              {t('responsibleGaming.realityChecks')}
            </h3>
            <table className={table.table}>
              <thead>
                <tr>
                  <th scope="col">{t('responsibleGaming.when')}</th>
                  <th scope="col">{t('responsibleGaming.realityResponse')}</th>
                  <th scope="col">{t('responsibleGaming.realityElapsed')}</th>
                  <th scope="col">{t('responsibleGaming.realityNet')}</th>
                </tr>
              </thead>
              <tbody>
                {view.realityChecks.map((check) => (
                  <tr key={check.at + check.response} data-reality-check={check.response}>
                    <td data-label={t('responsibleGaming.when')} className={table.nowrap}>
                      {time(check.at)}
                    </td>
                    <td data-label={t('responsibleGaming.realityResponse')}>
                      {t(`responsibleGaming.realityAnswer.${check.response}`)}
                    </td>
                    <td data-label={t('responsibleGaming.realityElapsed')} className={styles.amount}>
                      {minutes(Math.floor(check.elapsedSeconds / 60))}
                    </td>
                    <td data-label={t('responsibleGaming.realityNet')} className={styles.amount}>
                      {check.netPosition === null
                        ? t('responsibleGaming.figureHidden')
                        : `${check.netPosition} ${view.currency}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
        {view.blocks.length === 0 ? (
          <p className={styles.note}>{t('responsibleGaming.noBlocks')}</p>
        ) : (
          <div className={table.wrap}>
            <table className={table.table} data-testid="rg-blocks">
              <thead>
                <tr>
                  <th scope="col">{t('responsibleGaming.block')}</th>
                  <th scope="col">{t('responsibleGaming.from')}</th>
                  <th scope="col">{t('responsibleGaming.until')}</th>
                  <th scope="col">{t('responsibleGaming.scope')}</th>
                </tr>
              </thead>
              <tbody>
                {view.blocks.map((block) => (
                  <tr key={block.startsAt + block.kind}>
                    <td data-label={t('responsibleGaming.block')}>{t(`responsibleGaming.kind.${block.kind}`)}</td>
                    <td data-label={t('responsibleGaming.from')}>{time(block.startsAt)}</td>
                    <td data-label={t('responsibleGaming.until')}>{time(block.endsAt)}</td>
                    <td data-label={t('responsibleGaming.scope')}>
                      {t(block.allMerchants ? 'responsibleGaming.everyMerchant' : 'responsibleGaming.thisMerchant')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className={table.wrap}>
          <table className={table.table} data-testid="rg-history">
            <thead>
              <tr>
                <th scope="col">{t('responsibleGaming.when')}</th>
                <th scope="col">{t('responsibleGaming.action')}</th>
                <th scope="col">{t('responsibleGaming.details')}</th>
              </tr>
            </thead>
            <tbody>
              {view.history.map((entry, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: history entries never move within one answer
                <tr key={index}>
                  <td data-label={t('responsibleGaming.when')} className={table.nowrap}>
                    {time(entry.at)}
                  </td>
                  <td data-label={t('responsibleGaming.action')}>{entry.action}</td>
                  <td data-label={t('responsibleGaming.details')} className={styles.details}>
                    {Object.entries(entry.details)
                      .map(([key, value]) => `${key}: ${value ?? '—'}`)
                      .join(', ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className={styles.note}>{t('responsibleGaming.readOnly')}</p>
      </div>
    </Panel>
  );
};
