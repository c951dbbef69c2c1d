import { type AgentIncomeEntry, type AgentIncomeKind, agentIncomeKinds, agentTeamEndpoints } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Card } from '../../../shared/ui/card/card';
import { PagedRecords } from '../../../shared/ui/data-table/paged-records';
import { useAgentIncome } from '../api/agents-team-api';
import styles from './agents.module.css';
import { RangeFilter, useAgentRange } from './range-filter';
import { StatGrid } from './stat-grid';
import { ExportCsvButton, FilterSelect } from './team-filters';

const PAGE_SIZE = 20;
export const incomeKindKeys: Record<AgentIncomeKind, string> = {
  transfer: 'agent_income_transfer',
  rebate: 'agent_income_rebate',
  contract: 'agent_income_contract',
};

/** My income: transfers received from the downline, rebates and contract payments in a range, with totals. */
export const AgentIncomePanel = () => {
  const { t } = useTranslation('agents');
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const range = useAgentRange('30d');
  const [kind, setKind] = useState<AgentIncomeKind | ''>('');
  const [pageNo, setPageNo] = useState(1);
  const filter = { ...range.range, ...(kind ? { kind } : {}) };
  const income = useAgentIncome({ ...filter, pageNo, pageSize: PAGE_SIZE });
  const currency = income.data?.currency ?? '';
  const totals = income.data?.totals;
  return (
    <div className={styles.page} data-agent-page="agentRevenueReport">
      <RangeFilter state={range} />
      <div className={styles.search}>
        <FilterSelect
          id="agent-income-kind"
          label={t('agent_income_kind')}
          value={kind}
          options={agentIncomeKinds.map((value) => ({ value, label: t(incomeKindKeys[value]) }))}
          onChange={(value) => {
            setKind(value as AgentIncomeKind | '');
            setPageNo(1);
          }}
        />
      </div>
      {totals ? (
        <StatGrid
          stats={agentIncomeKinds.map((key) => ({
            key,
            label: t(incomeKindKeys[key]),
            value: formatMoney(totals[key], currency),
          }))}
        />
      ) : null}
      {totals && Number(totals.contract) === 0 ? (
        <p className={styles.muted}>{t('agent_income_no_contracts')}</p>
      ) : null}
      <Card
        title={t('in_my_income')}
        name="agent-income"
        isPadded={false}
        actions={
          <ExportCsvButton<AgentIncomeEntry>
            fileName={`my-income-${range.range.from}-${range.range.to}.csv`}
            fetchPage={(page, pageSize) =>
              callEndpoint(agentTeamEndpoints.income, { query: { ...filter, pageNo: page, pageSize } })
            }
            columns={[
              { header: t('agent_time'), value: (row) => row.createdAt },
              { header: t('agent_income_kind'), value: (row) => t(incomeKindKeys[row.kind]) },
              { header: t('agent_amount'), value: (row) => row.amount },
              { header: t('agent_balance_after'), value: (row) => row.balanceAfter },
              { header: t('agent_reference'), value: (row) => row.reference, isText: true },
            ]}
          />
        }
      >
        <PagedRecords<AgentIncomeEntry>
          query={income}
          pageNo={pageNo}
          onPageChange={setPageNo}
          rowKey={(row) => row.id}
          rowData={(row) => ({ 'data-income': row.kind })}
          columns={[
            { label: t('agent_time'), render: (row) => formatDateTime(row.createdAt) },
            { label: t('agent_income_kind'), render: (row) => t(incomeKindKeys[row.kind]) },
            { label: t('agent_amount'), isNumeric: true, render: (row) => formatMoney(row.amount, currency) },
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
