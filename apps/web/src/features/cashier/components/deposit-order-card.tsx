import type { DepositOrder } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Alert } from '../../../shared/ui/alert/alert';
import { Button } from '../../../shared/ui/button/button';
import { Card } from '../../../shared/ui/card/card';
import { DetailList } from '../../../shared/ui/detail-list/detail-list';
import { StatusBadge } from '../../../shared/ui/status-badge/status-badge';
import { channelKindKeys, depositStatusKeys, depositStatusTone } from '../deposit-status';
import styles from './cashier.module.css';
import { DepositProofs } from './deposit-proofs';

/** One deposit order: its reference, amount and state, and what the member does next. */
export const DepositOrderCard = ({ order }: { order: DepositOrder }) => {
  const { t } = useTranslation('money');
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const isFinalFailure = order.status === 'failed' || order.status === 'expired';
  return (
    <Card
      title={t('deposit_order')}
      name="deposit-order"
      actions={
        <StatusBadge tone={depositStatusTone[order.status]} name={order.status}>
          {t(depositStatusKeys[order.status])}
        </StatusBadge>
      }
    >
      <div className={styles.stack}>
        <DetailList
          items={[
            { name: 'reference', label: t('reference'), value: <span dir="ltr">{order.reference}</span> },
            { name: 'amount', label: t('amount'), value: formatMoney(order.amount, order.currency) },
            { name: 'channel', label: t('deposit_channel'), value: t(channelKindKeys[order.channelKind]) },
            { name: 'created', label: t('created_at'), value: formatDateTime(order.createdAt) },
          ]}
        />
        {order.status === 'awaiting_review' ? <Alert tone="info">{t('deposit_manual_next')}</Alert> : null}
        {order.channelKind === 'bank_transfer' ? <DepositProofs order={order} /> : null}
        {order.status === 'succeeded' ? <Alert tone="success">{t('deposit_credited')}</Alert> : null}
        {isFinalFailure ? (
          <Alert tone="danger" title={t('deposit_failed')}>
            {order.reason ?? null}
          </Alert>
        ) : null}
        {order.status === 'pending' && order.payUrl ? (
          <>
            <Alert tone="info">{t('deposit_waiting_gateway')}</Alert>
            <div>
              <Button variant="secondary" onClick={() => window.location.assign(order.payUrl ?? '')}>
                {t('deposit_open_payment')}
              </Button>
            </div>
          </>
        ) : null}
      </div>
    </Card>
  );
};
