import type { PaymentChannel, PaymentChannelKind } from '@tessera/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { BankIcon, CardIcon, CryptoIcon } from '../../../shared/ui/icons/icons';
import { channelKindKeys } from '../deposit-status';
import styles from './cashier.module.css';

const kindIcon: Record<PaymentChannelKind, ReactNode> = {
  gateway: <CardIcon />,
  bank_transfer: <BankIcon />,
  crypto: <CryptoIcon />,
};

export interface ChannelPickerProps {
  channels: readonly PaymentChannel[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** The merchant's deposit channels as a radio group, each with its kind and limits. */
export const ChannelPicker = ({ channels, selectedId, onSelect }: ChannelPickerProps) => {
  const { t } = useTranslation('money');
  const formatMoney = useFormatMoney();
  return (
    <fieldset className={styles.channels} data-channels="">
      <legend className={styles.legend}>{t('deposit_choose_channel')}</legend>
      {channels.map((channel) => (
        <label key={channel.id} className={styles.channel} data-channel={channel.kind}>
          <input
            type="radio"
            name="deposit-channel"
            value={channel.id}
            checked={selectedId === channel.id}
            onChange={() => onSelect(channel.id)}
          />
          <span className={styles.channelIcon} aria-hidden="true">
            {kindIcon[channel.kind]}
          </span>
          <span className={styles.channelText}>
            <span className={styles.channelName}>{channel.name}</span>
            <span className={styles.channelMeta}>{t(channelKindKeys[channel.kind])}</span>
            <span className={styles.channelMeta}>
              {t('limits', {
                min: formatMoney(channel.minAmount, channel.currency),
                max: formatMoney(channel.maxAmount, channel.currency),
              })}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
};
