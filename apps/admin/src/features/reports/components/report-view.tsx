import {
  agentGroupings,
  cashGroupings,
  gameGroupings,
  playerViews,
  promotionGroupings,
  type ReportKind,
} from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { Pagination } from '../../../shared/ui/pagination';
import { Panel } from '../../../shared/ui/panel';
import { downloadExport, operatorTimeZone, useCreateExport, useExports, useReport } from '../api/reports-api';
import { ReportGrid } from './report-grid';
import styles from './reports.module.css';

const PAGE_SIZE = 200;

/** Each report's grouping field and its choices. */
const GROUPINGS: Record<ReportKind, { field: 'groupBy' | 'view'; options: readonly string[] }> = {
  games: { field: 'groupBy', options: gameGroupings },
  cash: { field: 'groupBy', options: cashGroupings },
  players: { field: 'view', options: playerViews },
  promotions: { field: 'groupBy', options: promotionGroupings },
  agents: { field: 'groupBy', options: agentGroupings },
};

const localToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: operatorTimeZone(),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
const daysBefore = (date: string, days: number) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
};

/** One report with its filters, the table, paging and exports (built by the server's job, downloaded when ready). */
export const ReportView = ({ code, kinds }: { code: string; kinds: readonly ReportKind[] }) => {
  const { t } = useTranslation();
  const today = localToday();
  const [kind, setKind] = useState<ReportKind>(kinds[0] ?? 'games');
  const [from, setFrom] = useState(daysBefore(today, 6));
  const [to, setTo] = useState(today);
  const [grouping, setGrouping] = useState<Record<ReportKind, string>>({
    games: 'game',
    cash: 'day',
    players: 'registrations',
    promotions: 'kind',
    agents: 'agent',
  });
  /** The agents report's one-agent filter (its account), applied when typed. */
  const [agent, setAgent] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const { field, options } = GROUPINGS[kind];
  const filters = {
    from,
    to,
    timeZone: operatorTimeZone(),
    [field]: grouping[kind],
    ...(kind === 'agents' && agent.trim() ? { agent: agent.trim() } : {}),
  };
  const report = useReport(code, kind, { ...filters, pageNo, pageSize: PAGE_SIZE });
  const exports = useExports(code);
  const createExport = useCreateExport(code);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const reset =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPageNo(1);
    };

  return (
    <div className={styles.stack}>
      <div className={styles.toolbar} role="tablist">
        {kinds.map((name) => (
          <Button
            key={name}
            role="tab"
            aria-selected={name === kind}
            variant={name === kind ? 'primary' : 'secondary'}
            onClick={() => reset(setKind)(name)}
          >
            {t(`reports.kinds.${name}`)}
          </Button>
        ))}
      </div>
      <div className={styles.toolbar}>
        <label className={styles.filter}>
          <span>{t('reports.from')}</span>
          <input type="date" value={from} max={to} onChange={(event) => reset(setFrom)(event.target.value)} />
        </label>
        <label className={styles.filter}>
          <span>{t('reports.to')}</span>
          <input type="date" value={to} min={from} onChange={(event) => reset(setTo)(event.target.value)} />
        </label>
        <label className={styles.filter}>
          <span>{t(`reports.${field}`)}</span>
          <select
            value={grouping[kind]}
            onChange={(event) => reset(setGrouping)({ ...grouping, [kind]: event.target.value })}
          >
            {options.map((option) => (
              <option key={option} value={option}>
                {t(`reports.groupings.${option}`)}
              </option>
            ))}
          </select>
        </label>
        {kind === 'agents' ? (
          <label className={styles.filter}>
            <span>{t('reports.agentFilter')}</span>
            <input
              type="search"
              value={agent}
              maxLength={40}
              placeholder={t('reports.agentFilterHint')}
              onChange={(event) => reset(setAgent)(event.target.value)}
            />
          </label>
        ) : null}
        <Button
          disabled={createExport.isPending}
          onClick={() => createExport.mutate({ report: kind, format: 'csv', query: filters })}
        >
          {t('reports.exportCsv')}
        </Button>
        <Button
          disabled={createExport.isPending}
          onClick={() => createExport.mutate({ report: kind, format: 'xlsx', query: filters })}
        >
          {t('reports.exportXlsx')}
        </Button>
        <span className={styles.muted}>{t('reports.timeZone', { timeZone: operatorTimeZone() })}</span>
      </div>
      {createExport.isError ? <ErrorState error={createExport.error} /> : null}
      {report.isPending ? <LoadingState /> : null}
      {report.isError ? <ErrorState error={report.error} onRetry={() => void report.refetch()} /> : null}
      {report.data ? (
        <>
          <ReportGrid table={report.data} />
          <Pagination pageNo={pageNo} totalPages={report.data.totalPages} onChange={setPageNo} />
        </>
      ) : null}
      <Panel title={t('reports.exports.title')} description={t('reports.exports.description')}>
        {downloadError ? <ErrorState error={downloadError} /> : null}
        {exports.data && exports.data.list.length === 0 ? (
          <p className={styles.muted}>{t('reports.exports.none')}</p>
        ) : null}
        <ul className={styles.exports} data-testid="report-exports">
          {exports.data?.list.map((row) => (
            <li key={row.id}>
              <span>
                {row.fileName} · {t(`reports.exports.status.${row.status}`)}
                {row.rowCount !== null ? ` · ${t('reports.exports.rows', { rows: row.rowCount })}` : ''}
              </span>
              {row.status === 'ready' ? (
                <Button
                  size="sm"
                  onClick={() => {
                    setDownloadError(null);
                    downloadExport(code, row.id).catch(setDownloadError);
                  }}
                >
                  {t('reports.exports.download')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
};
