import { type MemberTransactionType, memberTransactionTypes } from '@tessera/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import table from '../../../shared/ui/data-table.module.css';
import { ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { Pagination } from '../../../shared/ui/pagination';
import { Panel } from '../../../shared/ui/panel';
import { useAdjustBalance, useMemberWallet } from '../api/cashier-api';
import styles from './cashier.module.css';
import { FailureText } from './failure-text';

/** Credits or debits the main wallet with a reason; one request id per submission, so a double click applies once. */
const AdjustmentForm = ({ code, memberId }: { code: string; memberId: string }) => {
  const { t } = useTranslation();
  const adjust = useAdjustBalance(code, memberId);
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    adjust.mutate(
      { requestId, direction, amount: amount.trim(), reason: reason.trim() },
      {
        onSuccess: () => {
          setRequestId(crypto.randomUUID());
          setAmount('');
          setReason('');
        },
      },
    );
  };

  return (
    <form className={styles.stack} onSubmit={submit} data-testid="adjust-form">
      <div className={styles.form}>
        <label className={styles.filter}>
          <span>{t('cashier.direction')}</span>
          <select value={direction} onChange={(event) => setDirection(event.target.value as 'credit' | 'debit')}>
            <option value="credit">{t('cashier.credit')}</option>
            <option value="debit">{t('cashier.debit')}</option>
          </select>
        </label>
        <label className={styles.filter}>
          <span>{t('cashier.amount')}</span>
          <input inputMode="decimal" value={amount} required onChange={(event) => setAmount(event.target.value)} />
        </label>
        <label className={styles.filter}>
          <span>{t('cashier.adjustReason')}</span>
          <input
            value={reason}
            required
            minLength={3}
            maxLength={200}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
        <Button type="submit" variant="primary" isBusy={adjust.isPending}>
          {t('cashier.adjust')}
        </Button>
      </div>
      <FailureText error={adjust.error} />
      {adjust.isSuccess ? (
        <Alert
          tone="success"
          title={t('cashier.adjusted', { amount: adjust.data.amount, balance: adjust.data.balanceAfter })}
        />
      ) : null}
    </form>
  );
};

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
          <AdjustmentForm code={code} memberId={memberId} />
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
