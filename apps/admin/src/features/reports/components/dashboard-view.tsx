import { type DashboardFigure, type DashboardPeriod, dashboardPeriods } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../shared/ui/button';
import { ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { Panel } from '../../../shared/ui/panel';
import { operatorTimeZone, useDashboard, usePendingQueues } from '../api/reports-api';
import styles from './reports.module.css';
import { SparkChart } from './spark-chart';

/** The change from the previous period, in percent (one decimal); null when the previous period had nothing. */
export const changeOf = (value: string, previous: string): number | null => {
  const now = Number(value);
  const before = Number(previous);
  if (!Number.isFinite(now) || !Number.isFinite(before) || before === 0) return null;
  return Math.round(((now - before) / Math.abs(before)) * 1000) / 10;
};

const FigureCard = ({ figure, currency }: { figure: DashboardFigure; currency: string }) => {
  const { t } = useTranslation();
  const change = changeOf(figure.value, figure.previous);
  const label = t(`reports.figures.${figure.key}`);
  return (
    <article className={styles.card} data-testid={`figure-${figure.key}`}>
      <span className={styles.cardLabel}>{label}</span>
      <span className={styles.cardValue}>{figure.kind === 'money' ? `${figure.value} ${currency}` : figure.value}</span>
      <span className={styles.muted}>
        {change === null ? (
          t('reports.noPrevious', { previous: figure.previous })
        ) : (
          <span className={change >= 0 ? styles.up : styles.down}>
            {t('reports.change', { change: `${change >= 0 ? '+' : ''}${change}`, previous: figure.previous })}
          </span>
        )}
      </span>
      <SparkChart
        label={label}
        labels={figure.series.map((point) => point.at)}
        values={figure.series.map((point) => Number(point.value))}
      />
    </article>
  );
};

/** The merchant's dashboard: pending queues (live), then every figure the role may see with its chart. */
export const DashboardView = ({
  code,
  period,
  onPeriod,
}: {
  code: string;
  period: DashboardPeriod;
  onPeriod: (period: DashboardPeriod) => void;
}) => {
  const { t } = useTranslation();
  const dashboard = useDashboard(code, period);
  const pending = usePendingQueues(code);
  const queues = [
    { key: 'deposits', to: '/cashier' },
    { key: 'withdrawals', to: '/cashier?tab=withdrawals' },
    { key: 'applications', to: `/merchants/${code}/agents` },
    { key: 'chats', to: '/contact?tab=chat' },
  ] as const;
  return (
    <div className={styles.stack}>
      <Panel title={t('reports.pending.title')} description={t('reports.pending.description')}>
        <div className={styles.queues} data-testid="pending-queues">
          {queues.map((queue) => (
            <Link key={queue.key} to={queue.to} className={styles.queue} data-testid={`pending-${queue.key}`}>
              <span>{t(`reports.pending.${queue.key}`)}</span>
              <strong>{pending.data ? pending.data[queue.key] : '…'}</strong>
            </Link>
          ))}
        </div>
      </Panel>
      <div className={styles.toolbar} role="tablist">
        {dashboardPeriods.map((name) => (
          <Button
            key={name}
            role="tab"
            aria-selected={name === period}
            variant={name === period ? 'primary' : 'secondary'}
            onClick={() => onPeriod(name)}
          >
            {t(`reports.periods.${name}`)}
          </Button>
        ))}
        {dashboard.data ? (
          <span className={styles.muted}>
            {t('reports.range', {
              from: dashboard.data.from,
              to: dashboard.data.to,
              previousFrom: dashboard.data.previousFrom,
              previousTo: dashboard.data.previousTo,
              timeZone: operatorTimeZone(),
              currency: dashboard.data.currency,
            })}
          </span>
        ) : null}
      </div>
      {dashboard.isPending ? <LoadingState /> : null}
      {dashboard.isError ? <ErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} /> : null}
      {dashboard.data ? (
        <>
          <div className={styles.cards}>
            {dashboard.data.figures.map((figure) => (
              <FigureCard key={figure.key} figure={figure} currency={dashboard.data.currency} />
            ))}
          </div>
          {dashboard.data.hidden.length > 0 ? (
            <p className={styles.muted}>
              {t('reports.hidden', {
                groups: dashboard.data.hidden.map((group) => t(`reports.groups.${group}`)).join(', '),
              })}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
};
