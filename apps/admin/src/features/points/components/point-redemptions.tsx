import { type AdminPointRedemption, type PointRedeemStatus, pointRedeemStatuses } from '@tessera/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Alert } from '../../../shared/ui/alert';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import table from '../../../shared/ui/data-table.module.css';
import { Dialog } from '../../../shared/ui/dialog';
import { Field } from '../../../shared/ui/field';
import { PagedTable } from '../../../shared/ui/paged-table';
import { useDecidePointRedemption, usePointRedemptions } from '../api/points-api';
import styles from './points.module.css';

const statusTones: Record<PointRedeemStatus, BadgeTone> = {
  in_process: 'warning',
  approved: 'success',
  rejected: 'danger',
};

export const RedeemStatusBadge = ({ status }: { status: PointRedeemStatus }) => {
  const { t } = useTranslation();
  return <Badge tone={statusTones[status]}>{t(`points.status.${status}`)}</Badge>;
};

/**
 * The redemption queue: physical goods in process first (oldest first), then the decided ones. Approving takes a
 * fulfilment note; rejecting takes a reason and gives the points, any cash paid and the stock back, once.
 */
export const PointRedemptions = ({
  code,
  canManage,
  memberPathOf,
}: {
  code: string;
  canManage: boolean;
  memberPathOf: (memberId: string) => string;
}) => {
  const { t } = useTranslation();
  const [status, setStatus] = useState<PointRedeemStatus | undefined>('in_process');
  const [pageNo, setPageNo] = useState(1);
  const [deciding, setDeciding] = useState<{ row: AdminPointRedemption; approve: boolean } | null>(null);
  const redemptions = usePointRedemptions(code, { status, pageNo });
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'short', timeStyle: 'medium' });
  const columns = {
    reference: t('points.redemption.reference'),
    time: t('points.redemption.time'),
    member: t('points.redemption.member'),
    goods: t('points.redemption.goods'),
    points: t('points.redemption.points'),
    delivery: t('points.redemption.delivery'),
    status: t('points.redemption.status'),
    remark: t('points.redemption.remark'),
    actions: t('common.actions'),
  };
  return (
    <div className={styles.stack}>
      <div className={styles.filters}>
        <label className={styles.filter}>
          <span>{t('points.redemption.status')}</span>
          <select
            value={status ?? ''}
            data-testid="point-redemptions-status"
            onChange={(event) => {
              setStatus((event.target.value || undefined) as PointRedeemStatus | undefined);
              setPageNo(1);
            }}
          >
            <option value="">{t('points.redemption.all')}</option>
            {pointRedeemStatuses.map((value) => (
              <option key={value} value={value}>
                {t(`points.status.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <PagedTable<AdminPointRedemption>
        query={redemptions}
        emptyMessage={t('points.redemption.none')}
        testId="point-redemptions"
        columns={Object.values(columns)}
        pageNo={pageNo}
        onPageChange={setPageNo}
        renderRow={(row) => (
          <tr key={row.id} data-redemption={row.reference} data-status={row.status}>
            <td data-label={columns.reference} className={table.mono}>
              {row.reference}
            </td>
            <td data-label={columns.time} className={table.nowrap}>
              {formatTime.format(Date.parse(row.applyTime))}
            </td>
            <td data-label={columns.member}>
              <Link to={memberPathOf(row.memberId)}>{row.username}</Link>
            </td>
            <td data-label={columns.goods}>
              <bdi>{row.itemName}</bdi> × {row.quantity}
              <div className={table.muted}>{t(`points.kind.${row.type}`)}</div>
            </td>
            <td data-label={columns.points} className={table.nowrap}>
              {row.points}
            </td>
            <td data-label={columns.delivery}>
              {row.address ? <bdi>{row.address}</bdi> : '—'}
              {row.mobileNum ? <div className={table.muted}>{row.mobileNum}</div> : null}
            </td>
            <td data-label={columns.status}>
              <RedeemStatusBadge status={row.status} />
            </td>
            <td data-label={columns.remark}>{row.remark ? <bdi>{row.remark}</bdi> : '—'}</td>
            <td data-label={columns.actions}>
              {canManage && row.status === 'in_process' ? (
                <div className={styles.rowActions}>
                  <Button
                    size="sm"
                    variant="primary"
                    onClick={() => setDeciding({ row, approve: true })}
                    data-action="redemption-approve"
                  >
                    {t('points.redemption.approve')}
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() => setDeciding({ row, approve: false })}
                    data-action="redemption-reject"
                  >
                    {t('points.redemption.reject')}
                  </Button>
                </div>
              ) : null}
            </td>
          </tr>
        )}
      />
      {deciding ? (
        <DecisionDialog code={code} row={deciding.row} approve={deciding.approve} onClose={() => setDeciding(null)} />
      ) : null}
    </div>
  );
};

const DecisionDialog = ({
  code,
  row,
  approve,
  onClose,
}: {
  code: string;
  row: AdminPointRedemption;
  approve: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const decide = useDecidePointRedemption(code);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ remark: string }>({ defaultValues: { remark: '' } });
  const hasFieldErrors = isApiError(decide.error) && decide.error.fieldErrors.length > 0;
  const onSubmit = async ({ remark }: { remark: string }) => {
    try {
      await decide.mutateAsync({ id: row.id, approve, remark });
      onClose();
    } catch (error) {
      if (isApiError(error)) applyServerFieldErrors(setError, error.fieldErrors);
    }
  };
  return (
    <Dialog
      isOpen
      title={approve ? t('points.redemption.approveTitle') : t('points.redemption.rejectTitle')}
      onClose={onClose}
      footer={
        <>
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            form="point-decision-form"
            variant={approve ? 'primary' : 'danger'}
            isBusy={decide.isPending}
          >
            {approve ? t('points.redemption.approve') : t('points.redemption.reject')}
          </Button>
        </>
      }
    >
      <form
        id="point-decision-form"
        className={styles.form}
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      >
        <p className={styles.note}>
          {t(approve ? 'points.redemption.approveText' : 'points.redemption.rejectText', {
            reference: row.reference,
            points: row.points,
            username: row.username,
          })}
        </p>
        {decide.isError && !hasFieldErrors ? (
          <Alert
            tone="danger"
            title={t(`errors.${errorCodeOf(decide.error)}`, { defaultValue: t('errors.unknown_error') })}
          />
        ) : null}
        <Field
          label={approve ? t('points.redemption.fulfilmentNote') : t('points.redemption.reason')}
          htmlFor="point-decision-remark"
          error={errors.remark}
          isRequired
        >
          <textarea
            id="point-decision-remark"
            rows={3}
            aria-describedby="point-decision-remark-error"
            aria-invalid={errors.remark ? true : undefined}
            {...register('remark')}
          />
        </Field>
      </form>
    </Dialog>
  );
};
