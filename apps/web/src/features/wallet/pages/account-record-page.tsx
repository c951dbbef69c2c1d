import {
  type MemberTransactionType,
  memberTransactionTypes,
  type TransactionRange,
  transactionRanges,
} from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../../shared/api/api-error';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Card } from '../../../shared/ui/card/card';
import tableStyles from '../../../shared/ui/data-table/data-table.module.css';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { FormError } from '../../../shared/ui/form/form-error';
import { SelectField } from '../../../shared/ui/form/select-field';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { Pager } from '../../../shared/ui/pager/pager';
import { useTransactions } from '../api/get-transactions';
import styles from '../components/wallet.module.css';
import {
  isKnownTransactionType,
  transactionRangeKeys,
  transactionTypeKeys,
  walletLabelKeys,
} from '../transaction-labels';

const PAGE_SIZE = 20;
const ALL = 'all';

/**
 * Account record (personal centre `transactionHistory`): every movement of the member's wallets with its type,
 * signed amount, balance after and reference, newest first; filtered by type and by the past 7 or 30 days.
 */
export const AccountRecordPage = () => {
  const { t } = useTranslation('money');
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const [type, setType] = useState<MemberTransactionType | typeof ALL>(ALL);
  const [range, setRange] = useState<TransactionRange>('7d');
  const [pageNo, setPageNo] = useState(1);
  const records = useTransactions({
    range,
    pageNo,
    pageSize: PAGE_SIZE,
    ...(type === ALL ? {} : { type }),
  });
  const list = records.data?.list ?? [];

  const typeLabel = (value: string) => (isKnownTransactionType(value) ? t(transactionTypeKeys[value]) : value);
  const walletLabel = (value: string) => {
    const key = walletLabelKeys[value];
    return key ? t(key) : value;
  };

  return (
    <div className={styles.page} data-page="account-record">
      <Card name="account-record" isPadded={false}>
        <div className={styles.stack}>
          <div className={`${styles.filters} ${tableStyles.toolbar}`}>
            <div className={styles.filterType}>
              <SelectField
                id="record-type"
                label={t('txn_type')}
                value={type}
                options={[
                  { value: ALL, label: t('txn_type_all') },
                  ...memberTransactionTypes.map((value) => ({ value, label: t(transactionTypeKeys[value]) })),
                ]}
                onChange={(event) => {
                  setType(event.target.value as MemberTransactionType | typeof ALL);
                  setPageNo(1);
                }}
              />
            </div>
            <fieldset className={styles.ranges} aria-label={t('range_label')}>
              {transactionRanges.map((value) => (
                <button
                  key={value}
                  type="button"
                  className={styles.range}
                  aria-pressed={range === value}
                  data-range={value}
                  onClick={() => {
                    setRange(value);
                    setPageNo(1);
                  }}
                >
                  {t(transactionRangeKeys[value])}
                </button>
              ))}
            </fieldset>
          </div>
          {records.isPending ? <InlineLoader /> : null}
          {records.isError ? <FormError code={errorKeyOf(records.error)} /> : null}
          {records.data && list.length === 0 ? <EmptyState /> : null}
          {list.length > 0 ? (
            <div className={tableStyles.tableWrap}>
              <table className={tableStyles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('created_at')}</th>
                    <th scope="col">{t('txn_type')}</th>
                    <th scope="col">{t('wallet')}</th>
                    <th scope="col" className={tableStyles.numeric}>
                      {t('amount')}
                    </th>
                    <th scope="col" className={tableStyles.numeric}>
                      {t('balance_after')}
                    </th>
                    <th scope="col">{t('reference')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((entry) => {
                    const isCredit = !entry.amount.startsWith('-');
                    return (
                      <tr key={entry.id} data-record={entry.type} data-amount={entry.amount}>
                        <td data-label={t('created_at')}>{formatDateTime(entry.createdAt)}</td>
                        <td data-label={t('txn_type')}>{typeLabel(entry.type)}</td>
                        <td data-label={t('wallet')}>{walletLabel(entry.wallet)}</td>
                        <td
                          data-label={t('amount')}
                          className={`${tableStyles.numeric} ${isCredit ? styles.credit : styles.debit}`}
                        >
                          {isCredit ? '+' : ''}
                          {formatMoney(entry.amount, entry.currency)}
                        </td>
                        <td data-label={t('balance_after')} className={tableStyles.numeric}>
                          {formatMoney(entry.balanceAfter, entry.currency)}
                        </td>
                        <td data-label={t('reference')} className={tableStyles.mono}>
                          <bdi dir="ltr">{entry.reference ?? '—'}</bdi>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          ) : null}
          <Pager
            pageNo={pageNo}
            totalPages={records.data?.totalPages ?? 1}
            onChange={setPageNo}
            isBusy={records.isFetching}
          />
        </div>
      </Card>
    </div>
  );
};
