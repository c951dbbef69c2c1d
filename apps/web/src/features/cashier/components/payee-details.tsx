import type { PaymentChannel } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../shared/ui/card/card';
import { CopyValue } from '../../../shared/ui/copy-value/copy-value';
import { DetailList } from '../../../shared/ui/detail-list/detail-list';
import { QrCode } from '../../../shared/ui/qr-code/qr-code';
import styles from './cashier.module.css';

/** Where a manual deposit is paid: the merchant's bank account, or its crypto address with a QR code. */
export const PayeeDetails = ({ channel }: { channel: PaymentChannel }) => {
  const { t } = useTranslation('money');
  if (channel.bank) {
    return (
      <Card title={t('deposit_pay_to')} name="payee">
        <DetailList
          items={[
            { name: 'bank', label: t('bank_name'), value: <CopyValue value={channel.bank.bankName} /> },
            { name: 'account-name', label: t('account_name'), value: <CopyValue value={channel.bank.accountName} /> },
            {
              name: 'account-number',
              label: t('account_number'),
              value: <CopyValue value={channel.bank.accountNumber} name="account-number" />,
            },
          ]}
        />
      </Card>
    );
  }
  if (channel.crypto) {
    return (
      <Card title={t('deposit_pay_to')} name="payee">
        <div className={styles.payee}>
          <QrCode value={channel.crypto.address} label={t('crypto_qr_label')} className={styles.qr} />
          <div className={styles.payeeDetails}>
            <DetailList
              items={[
                { name: 'network', label: t('crypto_network'), value: channel.crypto.network },
                {
                  name: 'address',
                  label: t('crypto_address'),
                  value: <CopyValue value={channel.crypto.address} name="crypto-address" />,
                },
              ]}
            />
          </div>
        </div>
      </Card>
    );
  }
  return null;
};
