import {
  agentTeamEndpoints,
  type TeamTransaction,
  type TeamTransactionKind,
  teamTransactionKinds,
} from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Card } from '../../../shared/ui/card/card';
import { PagedRecords } from '../../../shared/ui/data-table/paged-records';
import { useTeamTransactions } from '../api/agents-team-api';
import styles from './agents.module.css';
import { RangeFilter, useAgentRange } from './range-filter';
import { signClass } from './stat-grid';
import { ExportCsvButton, FilterSelect, TeamSearch, useAccountSearch } from './team-filters';

const PAGE_SIZE = 20;
const kindKeys: Record<TeamTransactionKind, string> = {
  deposit: 'agent_tx_deposit',
  withdrawal: 'agent_tx_withdrawal',
  transfer: 'agent_tx_transfer',
  adjustment: 'agent_tx_adjustment',
};

/** Account details: the downline's deposits, withdrawals, transfers and adjustments, by account and kind, with CSV. */
export const TeamTransactionsPanel = () => {
  const { t } = useTranslation('agents');
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const range = useAgentRange('7d');
  const search = useAccountSearch();
  const [kind, setKind] = useState<TeamTransactionKind | ''>('');
  const filter = {
    ...range.range,
    ...(search.account ? { account: search.account } : {}),
    ...(kind ? { kind } : {}),
  };
  const transactions = useTeamTransactions({ ...filter, pageNo: search.pageNo, pageSize: PAGE_SIZE });
  const currency = transactions.data?.currency ?? '';
  return (
    <div className={styles.page} data-agent-page="agentDownlineTransactionDetailsCopy">
      <RangeFilter state={range} />
      <TeamSearch search={search} id="team-transactions">
        <FilterSelect
          id="team-transactions-kind"
          label={t('agent_tx_kind')}
          value={kind}
          options={teamTransactionKinds.map((value) => ({ value, label: t(kindKeys[value]) }))}
          onChange={(value) => {
            setKind(value as TeamTransactionKind | '');
            search.setPageNo(1);
          }}
        />
      </TeamSearch>
      <Card
        title={t('in_account_details')}
        name="team-transactions"
        isPadded={false}
        actions={
          <ExportCsvButton<TeamTransaction>
            fileName={`team-transactions-${range.range.from}-${range.range.to}.csv`}
            fetchPage={(pageNo, pageSize) =>
              callEndpoint(agentTeamEndpoints.transactions, { query: { ...filter, pageNo, pageSize } })
            }
            columns={[
              { header: t('agent_time'), value: (row) => row.createdAt },
              { header: t('agent_account'), value: (row) => row.account, isText: true },
              { header: t('agent_tx_kind'), value: (row) => t(kindKeys[row.kind]) },
              { header: t('agent_amount'), value: (row) => row.amount },
              { header: t('agent_balance_after'), value: (row) => row.balanceAfter },
              { header: t('agent_reference'), value: (row) => row.reference, isText: true },
            ]}
          />
        }
      >
        <PagedRecords<TeamTransaction>
          query={transactions}
          pageNo={search.pageNo}
          onPageChange={search.setPageNo}
          rowKey={(row) => row.id}
          rowData={(row) => ({ 'data-team-transaction': row.account })}
          columns={[
            { label: t('agent_time'), render: (row) => formatDateTime(row.createdAt) },
            { label: t('agent_account'), render: (row) => <bdi dir="ltr">{row.account}</bdi> },
            { label: t('agent_tx_kind'), render: (row) => t(kindKeys[row.kind]) },
            {
              label: t('agent_amount'),
              isNumeric: true,
              cellClassName: (row) => signClass(row.amount),
              render: (row) => formatMoney(row.amount, currency),
            },
            {
              label: t('agent_balance_after'),
              isNumeric: true,
              render: (row) => formatMoney(row.balanceAfter, currency),
            },
            { label: t('agent_reference'), isMono: true, render: (row) => row.reference ?? '' },
          ]}
        />
      </Card>
    </div>
  );
};
