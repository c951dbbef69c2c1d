import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorKeyOf } from '../../../shared/api/api-error';
import { Card } from '../../../shared/ui/card/card';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { FormError } from '../../../shared/ui/form/form-error';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { useChannels } from '../api/get-channels';
import { useDeposit } from '../api/get-deposit';
import styles from '../components/cashier.module.css';
import { ChannelPicker } from '../components/channel-picker';
import { DepositForm } from '../components/deposit-form';
import { DepositOrderCard } from '../components/deposit-order-card';
import { RecentDeposits } from '../components/recent-deposits';

/**
 * Deposit (personal centre `depositv2`): choose a channel, enter an amount within its limits, and pay at the
 * gateway's hosted page or to the merchant's bank account or crypto address. The order the member came back
 * to (`?order=` from the gateway) or just opened is followed until it settles.
 */
export const DepositPage = () => {
  const { t } = useTranslation('money');
  const [params, setParams] = useSearchParams();
  const channels = useChannels();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const orderId = params.get('order');
  const order = useDeposit(orderId);
  const list = channels.data ?? [];
  const channel = list.find((item) => item.id === chosenId) ?? list[0] ?? null;

  const handleOrder = (id: string) => setParams({ page: 'depositv2', order: id }, { replace: true });

  return (
    <div className={styles.page} data-page="deposit">
      {orderId && order.data ? <DepositOrderCard order={order.data} /> : null}
      {orderId && order.isError ? <FormError code={errorKeyOf(order.error)} /> : null}
      {channels.isPending ? <InlineLoader /> : null}
      {channels.isError ? <FormError code={errorKeyOf(channels.error)} /> : null}
      {channels.data && list.length === 0 ? <EmptyState message={t('deposit_no_channels')} /> : null}
      {channel ? (
        <Card name="deposit">
          <div className={styles.stack}>
            <ChannelPicker channels={list} selectedId={channel.id} onSelect={setChosenId} />
            <DepositForm key={channel.id} channel={channel} onOrder={(created) => handleOrder(created.id)} />
          </div>
        </Card>
      ) : null}
      <RecentDeposits />
    </div>
  );
};
