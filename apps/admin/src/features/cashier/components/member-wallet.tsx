import { type MemberTransactionType, memberTransactionTypes } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n';
import table from '../../../shared/ui/data-table.module.css';
import { ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { Pagination } from '../../../shared/ui/pagination';
import { Panel } from '../../../shared/ui/panel';
import { useMemberWallet } from '../api/cashier-api';
import { AdjustmentForm } from './adjustment-form';
import styles from './cashier.module.css';

/** A member's wallets and every ledger movement; adjustments for the roles that may make them. */
export const MemberWallet = ({ code, memberId, canAdjust }: { code: string; memberId: string; canAdjust: boolean }) => {
  const { t } = useTranslation();
  const [type, setType] = useState<MemberTransactionType | undefined>();
  const [pageNo, setPageNo] = useState(1);
  const wallet = useMemberWallet(code, memberId, type, pageNo);
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'medium' });

  if (wallet.isPending) return <LoadingState />;
  if (wallet.isError) return <ErrorState error={wallet.error} onRetry={() => void wallet.refetch()} />;
  const data = wallet.data;
  return (
    <div className={styles.stack}>
      <Panel title={t('cashier.walletOf', { account: data.account })}>
        <dl className={styles.details}>
          {data.balances.map((b) => (
            <div key={b.code} style={{ display: 'contents' }}>
              <dt>{b.name === 'main' ? t('cashier.mainWallet') : b.name}</dt>
              <dd>
                {b.available} {data.currency} ({t('cashier.held')} {b.held})
              </dd>
            </div>
          ))}
        </dl>
      </Panel>
      {canAdjust ? (
        <Panel title={t('cashier.adjustTitle')} description={t('cashier.adjustDescription')}>
          <AdjustmentForm code={code} memberId={memberId} currency={data.currency} />
        </Panel>
      ) : null}
      <div className={styles.filters}>
        <label className={styles.filter}>
          <span>{t('cashier.type')}</span>
          <select
            value={type ?? ''}
            onChange={(event) => {
              setType((event.target.value || undefined) as MemberTransactionType | undefined);
              setPageNo(1);
            }}
          >
            <option value="">{t('cashier.allTypes')}</option>
            {memberTransactionTypes.map((value) => (
              <option key={value} value={value}>
                {t(`cashier.types.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className={table.wrap}>
        <table className={table.table} data-testid="member-ledger">
          <thead>
            <tr>
              <th scope="col">{t('cashier.time')}</th>
              <th scope="col">{t('cashier.type')}</th>
              <th scope="col">{t('cashier.reference')}</th>
              <th scope="col">{t('cashier.amount')}</th>
              <th scope="col">{t('cashier.balanceAfter')}</th>
            </tr>
          </thead>
          <tbody>
            {data.list.map((entry) => (
              <tr key={entry.id}>
                <td data-label={t('cashier.time')} className={table.nowrap}>
                  {formatTime.format(Date.parse(entry.createdAt))}
                </td>
                <td data-label={t('cashier.type')}>{t(`cashier.types.${entry.type}`, { defaultValue: entry.type })}</td>
                <td data-label={t('cashier.reference')} className={table.mono}>
                  {entry.reference ?? ''}
                </td>
                <td
                  data-label={t('cashier.amount')}
                  className={[styles.amount, entry.amount.startsWith('-') ? styles.negative : ''].join(' ')}
                >
                  {entry.amount}
                </td>
                <td data-label={t('cashier.balanceAfter')} className={styles.amount}>
                  {entry.balanceAfter}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination pageNo={pageNo} totalPages={data.totalPages} isDisabled={wallet.isFetching} onChange={setPageNo} />
    </div>
  );
};
