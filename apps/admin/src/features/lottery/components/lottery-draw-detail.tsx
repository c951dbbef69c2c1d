import { LOTTERY_REASON_MAX } from '@tessera/contracts';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import table from '../../../shared/ui/data-table.module.css';
import { Field } from '../../../shared/ui/field';
import { ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { Panel } from '../../../shared/ui/panel';
import { Toast } from '../../../shared/ui/toast';
import { useCancelLotteryDraw, useLotteryExposure } from '../api/lottery-api';
import { DrawNumbers, DrawStatusBadge } from './draw-parts';
import styles from './lottery.module.css';

/** Asks for the reason, then cancels: every ticket of the draw is refunded. */
const CancelDrawDialog = ({
  code,
  drawId,
  drawNo,
  tickets,
  onClose,
  onCancelled,
}: {
  code: string;
  drawId: string;
  drawNo: string;
  tickets: number;
  onClose: () => void;
  onCancelled: () => void;
}) => {
  const { t } = useTranslation();
  const cancel = useCancelLotteryDraw(code);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const submit = async () => {
    setReasonError(null);
    if (reason.trim() === '') {
      setReasonError('not_empty');
      return;
    }
    try {
      await cancel.mutateAsync({ drawId, reason: reason.trim() });
      onCancelled();
    } catch (error) {
      const field = isApiError(error) ? error.fieldErrors.find((e) => e.path === 'reason') : undefined;
      if (field) setReasonError(field.code);
    }
  };
  const failure = cancel.isError && !reasonError ? errorCodeOf(cancel.error) : null;
  return (
    <ConfirmDialog
      isOpen
      title={t('lottery.cancelTitle', { drawNo })}
      confirmLabel={t('lottery.cancelConfirm')}
      tone="danger"
      isBusy={cancel.isPending}
      onConfirm={() => void submit()}
      onCancel={onClose}
    >
      <div className={styles.stack} data-testid="cancel-draw-dialog">
        <p>{t('lottery.cancelBody', { count: tickets })}</p>
        <Field
          label={t('lottery.cancelReason')}
          htmlFor="lottery-cancel-reason"
          isRequired
          error={reasonError ? { message: reasonError } : undefined}
        >
          <textarea
            id="lottery-cancel-reason"
            rows={3}
            maxLength={LOTTERY_REASON_MAX}
            value={reason}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby="lottery-cancel-reason-error"
            onChange={(event) => setReason(event.target.value)}
          />
        </Field>
        {failure ? (
          <Alert tone="danger" title={t(`errors.${failure}`, { defaultValue: t('errors.unknown_error') })} />
        ) : null}
      </div>
    </ConfirmDialog>
  );
};

/** One draw: its commitment, result and seed, totals, exposure per selection and worst outcome, and its cancel. */
export const LotteryDrawDetail = ({
  code,
  drawId,
  canManage,
}: {
  code: string;
  drawId: string;
  canManage: boolean;
}) => {
  const { t } = useTranslation();
  const exposure = useLotteryExposure(code, drawId);
  const [isCancelling, setCancelling] = useState(false);
  const [toast, setToast] = useState<{ id: number; text: string } | null>(null);
  const dismissToast = useCallback(() => setToast(null), []);
  if (exposure.isPending) return <LoadingState />;
  if (exposure.isError) return <ErrorState error={exposure.error} onRetry={() => void exposure.refetch()} />;
  const { draw, currency } = exposure.data;
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'medium' });
  const time = (iso: string | null) => (iso ? formatTime.format(Date.parse(iso)) : '—');
  const money = (amount: string) => `${amount} ${currency}`;
  const selectionOf = (s: (typeof exposure.data.selections)[number]) =>
    [
      t(`lottery.betTypes.${s.betType}`),
      s.position !== null ? t('lottery.positionN', { n: s.position + 1 }) : null,
      s.numbers ? s.numbers.join(' ') : null,
      s.side ? t(`lottery.sides.${s.side}`) : null,
    ]
      .filter(Boolean)
      .join(' · ');
  const facts: [string, ReactNode][] = [
    [t('lottery.status'), <DrawStatusBadge key="s" status={draw.status} />],
    [t('lottery.game'), draw.gameCode],
    [t('lottery.opensAt'), time(draw.opensAt)],
    [t('lottery.closesAt'), time(draw.closesAt)],
    [t('lottery.drawAt'), time(draw.drawAt)],
    [
      t('lottery.commitment'),
      <code key="h" className={styles.hash}>
        {draw.seedHash}
      </code>,
    ],
    [
      t('lottery.seed'),
      draw.serverSeed ? (
        <code key="seed" className={styles.hash}>
          {draw.serverSeed}
        </code>
      ) : (
        <span key="seed" className={table.muted}>
          {t('lottery.seedHidden')}
        </span>
      ),
    ],
    [t('lottery.result'), <DrawNumbers key="n" draw={draw} />],
    [t('lottery.tickets'), draw.tickets],
    [t('lottery.staked', { currency }), draw.staked],
    [t('lottery.paid', { currency }), draw.paid],
    ...(draw.cancelReason ? ([[t('lottery.cancelReason'), draw.cancelReason]] as [string, ReactNode][]) : []),
  ];
  return (
    <div className={styles.stack} data-testid="lottery-draw" data-status={draw.status}>
      <Panel
        id="lottery-draw-facts"
        title={t('lottery.drawTitle', { drawNo: draw.drawNo })}
        actions={
          canManage && draw.status === 'open' ? (
            <Button variant="danger" onClick={() => setCancelling(true)}>
              {t('lottery.cancelDraw')}
            </Button>
          ) : null
        }
      >
        <dl className={styles.facts}>
          {facts.map(([label, value]) => (
            <div key={label} className={styles.fact}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Panel>
      <Panel id="lottery-exposure" title={t('lottery.exposure')} description={t('lottery.exposureIntro')}>
        <dl className={styles.worst} data-testid="lottery-worst">
          <div className={styles.fact}>
            <dt>{t('lottery.pendingStakes')}</dt>
            <dd>{money(exposure.data.staked)}</dd>
          </div>
          <div className={styles.fact}>
            <dt>{t('lottery.worstPayout')}</dt>
            <dd data-testid="lottery-worst-payout">{money(exposure.data.worstPayout)}</dd>
          </div>
          <div className={styles.fact}>
            <dt>{t('lottery.worstOutcome')}</dt>
            <dd>
              {exposure.data.tickets > 0 ? (
                <DrawNumbers draw={{ numbers: exposure.data.worstOutcome, status: 'drawn' }} />
              ) : (
                '—'
              )}
            </dd>
          </div>
        </dl>
        {exposure.data.selections.length === 0 ? (
          <p className={styles.note}>{t('lottery.noPending')}</p>
        ) : (
          <div className={table.wrap}>
            <table className={table.table} data-testid="lottery-exposure">
              <thead>
                <tr>
                  <th scope="col">{t('lottery.selection')}</th>
                  <th scope="col">{t('lottery.tickets')}</th>
                  <th scope="col">{t('lottery.staked', { currency })}</th>
                  <th scope="col">{t('lottery.potentialPayout', { currency })}</th>
                </tr>
              </thead>
              <tbody>
                {exposure.data.selections.map((s) => {
                  const label = selectionOf(s);
                  return (
                    <tr key={label} data-selection={label}>
                      <td data-label={t('lottery.selection')}>{label}</td>
                      <td data-label={t('lottery.tickets')}>{s.tickets}</td>
                      <td data-label={t('lottery.staked', { currency })}>{s.staked}</td>
                      <td data-label={t('lottery.potentialPayout', { currency })}>{s.potentialPayout}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
      {isCancelling ? (
        <CancelDrawDialog
          code={code}
          drawId={draw.id}
          drawNo={draw.drawNo}
          tickets={draw.tickets}
          onClose={() => setCancelling(false)}
          onCancelled={() => {
            setCancelling(false);
            setToast({ id: Date.now(), text: t('lottery.cancelled', { drawNo: draw.drawNo }) });
          }}
        />
      ) : null}
      <Toast message={toast} onDismiss={dismissToast} />
    </div>
  );
};
