import type { PointEntry } from '@tessera/contracts';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import table from '../../../shared/ui/data-table.module.css';
import { Field } from '../../../shared/ui/field';
import { ErrorState } from '../../../shared/ui/page-state';
import { PagedTable } from '../../../shared/ui/paged-table';
import { Panel } from '../../../shared/ui/panel';
import { Toast } from '../../../shared/ui/toast';
import { useAdjustMemberPoints, useFindMembers, useMemberPoints } from '../api/points-api';
import styles from './points.module.css';

/** A member's points: found by username, its balance and ledger, and a manual adjustment with a reason. */
export const MemberPoints = ({
  code,
  memberId,
  canManage,
  onSelect,
}: {
  code: string;
  memberId: string | null;
  canManage: boolean;
  onSelect: (memberId: string) => void;
}) => {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const debounced = useDebouncedValue(q, 300);
  const found = useFindMembers(debounced);
  const matches = (found.data ?? []).filter((member) => member.merchantCode === code);
  return (
    <div className={styles.stack}>
      <div className={styles.filters}>
        <label className={styles.filter}>
          <span>{t('points.member.search')}</span>
          <input
            type="search"
            value={q}
            onChange={(event) => setQ(event.target.value)}
            placeholder={t('points.member.searchPlaceholder')}
            data-testid="point-member-search"
          />
        </label>
        {debounced.trim().length >= 2 && found.data ? (
          <div className={styles.rowActions}>
            {matches.length === 0 ? <span className={styles.note}>{t('points.member.noMatch')}</span> : null}
            {matches.slice(0, 10).map((member) => (
              <Button
                key={member.id}
                size="sm"
                variant="secondary"
                onClick={() => onSelect(member.id)}
                data-member={member.account}
              >
                {member.account}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
      {memberId ? (
        <MemberLedger code={code} memberId={memberId} canManage={canManage} />
      ) : (
        <p className={styles.note}>{t('points.member.pick')}</p>
      )}
    </div>
  );
};

const MemberLedger = ({ code, memberId, canManage }: { code: string; memberId: string; canManage: boolean }) => {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const state = useMemberPoints(code, memberId, pageNo);
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'short', timeStyle: 'medium' });
  const columns = {
    time: t('points.entry.time'),
    type: t('points.entry.type'),
    changed: t('points.entry.changed'),
    balance: t('points.entry.balance'),
    remark: t('points.entry.remark'),
  };
  if (state.isError) return <ErrorState error={state.error} onRetry={() => void state.refetch()} />;
  const entries = {
    ...state,
    data: state.data?.entries,
  };
  return (
    <div className={styles.stack}>
      <Panel
        title={
          <span className={styles.memberHead}>
            <span>{state.data?.username ?? '…'}</span>
            <span className={styles.bigNumber} data-member-points={state.data?.points ?? ''}>
              {state.data ? t('points.member.points', { points: state.data.points }) : null}
            </span>
          </span>
        }
      >
        {canManage ? <AdjustForm code={code} memberId={memberId} /> : null}
      </Panel>
      <PagedTable<PointEntry>
        query={entries}
        emptyMessage={t('points.entry.none')}
        testId="point-entries"
        columns={Object.values(columns)}
        pageNo={pageNo}
        onPageChange={setPageNo}
        renderRow={(row) => (
          <tr key={row.id} data-entry-type={row.type}>
            <td data-label={columns.time} className={table.nowrap}>
              {formatTime.format(Date.parse(row.time))}
            </td>
            <td data-label={columns.type}>{t(`points.type.${row.type}`)}</td>
            <td
              data-label={columns.changed}
              className={row.changedPoints.startsWith('-') ? styles.debit : styles.credit}
            >
              {row.changedPoints.startsWith('-') ? row.changedPoints : `+${row.changedPoints}`}
            </td>
            <td data-label={columns.balance}>{row.pointsBalance}</td>
            <td data-label={columns.remark}>{row.remark ? <bdi>{row.remark}</bdi> : '—'}</td>
          </tr>
        )}
      />
    </div>
  );
};

interface AdjustValues {
  points: string;
  reason: string;
}

const AdjustForm = ({ code, memberId }: { code: string; memberId: string }) => {
  const { t } = useTranslation();
  const adjust = useAdjustMemberPoints(code);
  // One request id per adjustment: a retry of the same submission is applied once.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [toast, setToast] = useState<{ id: number; text: string } | null>(null);
  const dismissToast = useCallback(() => setToast(null), []);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<AdjustValues>({ defaultValues: { points: '', reason: '' } });
  const hasFieldErrors = isApiError(adjust.error) && adjust.error.fieldErrors.length > 0;
  const onSubmit = async (values: AdjustValues) => {
    try {
      const saved = await adjust.mutateAsync({ memberId, input: { requestId, ...values } });
      reset();
      setRequestId(crypto.randomUUID());
      setToast({ id: Date.now(), text: t('points.member.adjusted', { points: saved.points }) });
    } catch (error) {
      if (isApiError(error)) applyServerFieldErrors(setError, error.fieldErrors);
    }
  };
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      data-testid="point-adjust"
    >
      {adjust.isError && !hasFieldErrors ? (
        <Alert
          tone="danger"
          title={t(`errors.${errorCodeOf(adjust.error)}`, { defaultValue: t('errors.unknown_error') })}
        />
      ) : null}
      <fieldset className={styles.fields}>
        <legend className={styles.legend}>{t('points.member.adjust')}</legend>
        <Field
          label={t('points.member.adjustPoints')}
          htmlFor="point-adjust-points"
          hint={t('points.member.adjustHint')}
          error={errors.points}
          isRequired
        >
          <input
            id="point-adjust-points"
            inputMode="numeric"
            autoComplete="off"
            aria-invalid={errors.points ? true : undefined}
            aria-describedby="point-adjust-points-error"
            {...register('points', { onChange: () => adjust.reset() })}
          />
        </Field>
        <Field
          label={t('points.member.reason')}
          htmlFor="point-adjust-reason"
          error={errors.reason}
          isRequired
          className={styles.wide}
        >
          <input
            id="point-adjust-reason"
            autoComplete="off"
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby="point-adjust-reason-error"
            {...register('reason')}
          />
        </Field>
      </fieldset>
      <div className={styles.actions}>
        <span className={styles.note}>{t('points.member.adjustAudited')}</span>
        <Button type="submit" variant="primary" isBusy={adjust.isPending}>
          {t('points.member.adjustSubmit')}
        </Button>
      </div>
      <Toast message={toast} onDismiss={dismissToast} />
    </form>
  );
};
