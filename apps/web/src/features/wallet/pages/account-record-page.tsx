import {
  type MemberTransactionType,
  memberTransactionTypes,
  type TransactionRange,
  transactionRanges,
} from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Card } from '../../../shared/ui/card/card';
import tableStyles from '../../../shared/ui/data-table/data-table.module.css';
import { PagedRecords } from '../../../shared/ui/data-table/paged-records';
import { SelectField } from '../../../shared/ui/form/select-field';
import { useTransactions } from '../api/get-transactions';
import styles from '../components/wallet.module.css';
import {
  isKnownTransactionType,
  promoReasonKeys,
  promoReasonOf,
  receivedTypeKeys,
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
  type Entry = NonNullable<typeof records.data>['list'][number];
  const isCredit = (entry: Entry) => !entry.amount.startsWith('-');

  const typeLabel = (entry: Entry) => {
    if (!isKnownTransactionType(entry.type)) return entry.type;
    const received = isCredit(entry) ? receivedTypeKeys[entry.type] : undefined;
    const label = t(received ?? transactionTypeKeys[entry.type]);
    // A promotional win from a game provider says why it was paid (a tournament prize, free spins...).
    const reason = entry.type === 'game_promo' ? promoReasonOf(entry.reference) : null;
    return reason ? `${label} · ${t(promoReasonKeys[reason])}` : label;
  };
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
          <PagedRecords<Entry>
            query={records}
            pageNo={pageNo}
            onPageChange={setPageNo}
            rowKey={(entry) => entry.id}
            rowData={(entry) => ({ 'data-record': entry.type, 'data-amount': entry.amount })}
            columns={[
              { label: t('created_at'), render: (entry) => formatDateTime(entry.createdAt) },
              { label: t('txn_type'), render: (entry) => typeLabel(entry) },
              { label: t('wallet'), render: (entry) => walletLabel(entry.wallet) },
              {
                label: t('amount'),
                isNumeric: true,
                cellClassName: (entry) => (isCredit(entry) ? styles.credit : styles.debit),
                render: (entry) => `${isCredit(entry) ? '+' : ''}${formatMoney(entry.amount, entry.currency)}`,
              },
              {
                label: t('balance_after'),
                isNumeric: true,
                render: (entry) => formatMoney(entry.balanceAfter, entry.currency),
              },
              { label: t('reference'), isMono: true, render: (entry) => <bdi dir="ltr">{entry.reference ?? '—'}</bdi> },
            ]}
          />
        </div>
      </Card>
    </div>
  );
};
