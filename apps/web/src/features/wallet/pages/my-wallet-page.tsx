import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../../shared/api/api-error';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { useRealtimeEvent } from '../../../shared/realtime/realtime';
import { Alert } from '../../../shared/ui/alert/alert';
import { Card } from '../../../shared/ui/card/card';
import { FormError } from '../../../shared/ui/form/form-error';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { useWallets, walletsQueryKey } from '../api/get-wallets';
import styles from '../components/wallet.module.css';
import { WalletTransferForm } from '../components/wallet-transfer-form';

/**
 * My wallet (personal centre `transferFund`): the main wallet and, for merchants with separate game wallets,
 * each game wallet and the transfer between them. A single-wallet merchant has nothing to transfer.
 */
export const MyWalletPage = () => {
  const { t } = useTranslation('money');
  const formatMoney = useFormatMoney();
  const queryClient = useQueryClient();
  const wallets = useWallets();
  // Any movement of the member's money may change these wallets: read them again.
  useRealtimeEvent('wallet.balance', () => queryClient.invalidateQueries({ queryKey: walletsQueryKey }));
  const data = wallets.data;
  return (
    <div className={styles.page} data-page="my-wallet">
      {wallets.isPending ? <InlineLoader /> : null}
      {wallets.isError ? <FormError code={errorKeyOf(wallets.error)} /> : null}
      {data ? (
        <Card title={t('my_wallets')} name="wallets">
          <div className={styles.stack}>
            <div className={styles.wallets}>
              {data.wallets.map((wallet) => (
                <div key={wallet.code} className={styles.wallet} data-wallet={wallet.code}>
                  <span className={styles.walletName}>{wallet.code === 'main' ? t('wallet_main') : wallet.name}</span>
                  <span className={styles.walletAmount} data-available={wallet.available}>
                    {formatMoney(wallet.available, data.currency)}
                  </span>
                  {!/^0(\.0+)?$/.test(wallet.held) ? (
                    <span className={styles.walletHeld}>
                      {t('wallet_held', { amount: formatMoney(wallet.held, data.currency) })}
                    </span>
                  ) : null}
                </div>
              ))}
            </div>
            {data.isSingle ? <Alert tone="info">{t('wallet_single_note')}</Alert> : null}
          </div>
        </Card>
      ) : null}
      {data && !data.isSingle ? (
        <Card title={t('transfer_between_wallets')} name="wallet-transfer">
          <WalletTransferForm wallets={data} />
        </Card>
      ) : null}
    </div>
  );
};
