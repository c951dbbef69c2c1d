import type { DepositOrder } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { FieldErrorText } from '../../../shared/ui/field-error-text';
import { useDecideDeposit } from '../api/cashier-api';
import styles from './cashier.module.css';
import { FailureText } from './failure-text';
import { type MoneyDecision, MoneyDecisionConfirm } from './money-decision-confirm';
import { OrderFacts } from './order-facts';
import { ProofGallery } from './proof-gallery';

export type QueuedDeposit = DepositOrder & { memberId: string; account: string | null };

/**
 * One deposit with what the member declared and the proof images it attached; a manual transfer awaiting review is
 * approved (the member is credited once) or rejected with a reason here.
 */
export const DepositReview = ({
  code,
  order,
  onClose,
}: {
  code: string;
  order: QueuedDeposit;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const decide = useDecideDeposit(code);
  const [reason, setReason] = useState('');
  const shown = { ...order, ...decide.data };
  const isOpen = shown.status === 'awaiting_review';
  const reasonError = isApiError(decide.error)
    ? decide.error.fieldErrors.find((field) => field.path === 'reason')
    : undefined;
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  const [confirming, setConfirming] = useState<MoneyDecision | null>(null);
  const act = (approve: boolean) =>
    decide.mutate({ id: order.id, approve, ...(approve ? {} : { reason: reason.trim() }) });

  return (
    <Dialog
      isOpen
      size="md"
      title={t('cashier.depositReviewTitle', { reference: order.reference })}
      onClose={onClose}
      footer={
        <div className={styles.actions}>
          {isOpen ? (
            <>
              <Button variant="primary" onClick={() => setConfirming('approveDeposit')} isBusy={decide.isPending}>
                {t('cashier.approve')}
              </Button>
              <Button variant="danger" onClick={() => act(false)} isBusy={decide.isPending}>
                {t('cashier.reject')}
              </Button>
            </>
          ) : null}
          <Button variant="ghost" onClick={onClose}>
            {t('common.close')}
          </Button>
        </div>
      }
    >
      <MoneyDecisionConfirm
        decision={confirming}
        order={order}
        isBusy={decide.isPending}
        onConfirm={() => {
          setConfirming(null);
          act(true);
        }}
        onCancel={() => setConfirming(null)}
      />
      <div className={styles.stack} data-testid="deposit-review">
        {reasonError ? null : <FailureText error={decide.error} />}
        <dl className={styles.details}>
          <OrderFacts
            code={code}
            statusTestId="deposit-status-value"
            status={shown.status}
            statusLabel={t(`cashier.depositStatuses.${shown.status}`)}
            memberId={order.memberId}
            account={order.account}
            amount={order.amount}
            currency={order.currency}
          />
          <dt>{t('cashier.channel')}</dt>
          <dd>{t(`cashier.channels.${order.channelKind}`)}</dd>
          <dt>{t('cashier.payerNote')}</dt>
          <dd>{order.payerNote ?? '—'}</dd>
          <dt>{t('cashier.requested')}</dt>
          <dd>{formatTime.format(Date.parse(order.createdAt))}</dd>
          {shown.reason ? (
            <>
              <dt>{t('cashier.reason')}</dt>
              <dd>{shown.reason}</dd>
            </>
          ) : null}
        </dl>
        {order.channelKind === 'bank_transfer' ? (
          <>
            <h3 className={styles.sectionTitle}>{t('cashier.memberProofs')}</h3>
            <ProofGallery kind="deposit" code={code} orderId={order.id} proofIds={order.proofIds} />
          </>
        ) : null}
        {isOpen ? (
          <label className={styles.filter}>
            <span>{t('cashier.rejectReason')}</span>
            <textarea
              id="deposit-reject-reason"
              className={styles.reason}
              value={reason}
              maxLength={200}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? 'deposit-reject-reason-error' : undefined}
              onChange={(event) => setReason(event.target.value)}
              data-testid="deposit-reject-reason"
            />
            <FieldErrorText
              id="deposit-reject-reason-error"
              error={reasonError ? { message: reasonError.code, types: reasonError.params } : undefined}
            />
          </label>
        ) : null}
      </div>
    </Dialog>
  );
};
