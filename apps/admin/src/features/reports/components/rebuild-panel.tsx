import { adminReportsEndpoints, type ReportRebuild, type RequestOf } from '@tessera/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { contractResolver } from '../../../shared/forms/contract-resolver';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { Alert } from '../../../shared/ui/alert';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { Panel } from '../../../shared/ui/panel';
import { useRebuilds, useStartRebuild } from '../api/reports-api';
import styles from './reports.module.css';

type RebuildInput = RequestOf<typeof adminReportsEndpoints.createRebuild>;
const resolver = contractResolver<RebuildInput, RebuildInput>(adminReportsEndpoints.createRebuild.request);

const TONES: Record<ReportRebuild['status'], BadgeTone> = {
  queued: 'neutral',
  running: 'info',
  done: 'success',
  failed: 'danger',
};

const utcToday = () => new Date().toISOString().slice(0, 10);

/** One rebuild's state: queued, running (days done of all), done with what the rollups now hold, or failed. */
const RebuildRow = ({ row }: { row: ReportRebuild }) => {
  const { t } = useTranslation();
  return (
    <li data-testid="report-rebuild" data-status={row.status}>
      <span>
        {t('reports.rebuild.range', { from: row.from, to: row.to })} · {row.requestedBy}
      </span>
      <span className={styles.rebuildState}>
        <Badge tone={TONES[row.status]}>{t(`reports.rebuild.status.${row.status}`)}</Badge>
        {row.status === 'running' || row.status === 'queued' ? (
          <span className={styles.muted}>
            {t('reports.rebuild.progress', { done: row.daysDone, total: row.daysTotal })}
          </span>
        ) : null}
        {row.counts ? (
          <span className={styles.muted} data-testid="report-rebuild-counts">
            {t('reports.rebuild.counts', { ...row.counts, days: row.daysTotal })}
          </span>
        ) : null}
      </span>
    </li>
  );
};

/**
 * "Rebuild report rollups" (decision 0129): the merchant's rollups rebuilt from the raw rows for a range of UTC days,
 * by the server's job; the page follows its state. For owner and finance (reports.cash).
 */
export const RebuildPanel = ({ code }: { code: string }) => {
  const { t } = useTranslation();
  const rebuilds = useRebuilds(code);
  const start = useStartRebuild(code);
  const today = utcToday();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RebuildInput, unknown, RebuildInput>({ resolver, defaultValues: { from: today, to: today } });
  const submit = handleSubmit(async (values) => {
    try {
      await start.mutateAsync(values);
    } catch (error) {
      if (isApiError(error)) applyServerFieldErrors(setError, error.fieldErrors);
    }
  });
  const hasFieldErrors = isApiError(start.error) && start.error.fieldErrors.length > 0;
  const isActive = rebuilds.data?.list.some((row) => row.status === 'queued' || row.status === 'running') ?? false;
  return (
    <Panel title={t('reports.rebuild.title')} description={t('reports.rebuild.description')}>
      <form
        className={styles.stack}
        noValidate
        onSubmit={(event) => void submit(event)}
        data-testid="report-rebuild-form"
      >
        {start.isError && !hasFieldErrors ? (
          <Alert
            tone="danger"
            title={t(`errors.${errorCodeOf(start.error)}`, { defaultValue: t('errors.unknown_error') })}
          />
        ) : null}
        <div className={styles.toolbar}>
          {(['from', 'to'] as const).map((name) => {
            const id = `report-rebuild-${name}`;
            const error = errors[name];
            return (
              <Field key={name} label={t(`reports.rebuild.${name}`)} htmlFor={id} error={error}>
                <input
                  id={id}
                  type="date"
                  max={today}
                  {...register(name)}
                  {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
                />
              </Field>
            );
          })}
          <Button type="submit" disabled={start.isPending || isActive} isBusy={start.isPending}>
            {t('reports.rebuild.start')}
          </Button>
        </div>
        <p className={styles.muted}>{t('reports.rebuild.hint')}</p>
      </form>
      {rebuilds.data && rebuilds.data.list.length === 0 ? (
        <p className={styles.muted}>{t('reports.rebuild.none')}</p>
      ) : null}
      <ul className={styles.exports} data-testid="report-rebuilds">
        {rebuilds.data?.list.map((row) => (
          <RebuildRow key={row.id} row={row} />
        ))}
      </ul>
    </Panel>
  );
};
