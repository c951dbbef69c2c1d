import { agentTeamEndpoints, type TeamProfitRow } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Card } from '../../../shared/ui/card/card';
import { PagedRecords } from '../../../shared/ui/data-table/paged-records';
import { StatusBadge } from '../../../shared/ui/status-badge/status-badge';
import { useTeamProfit } from '../api/agents-team-api';
import styles from './agents.module.css';
import { RangeFilter, useAgentRange } from './range-filter';
import { StatGrid, signClass } from './stat-grid';
import { ExportCsvButton, TeamSearch, useAccountSearch } from './team-filters';

const PAGE_SIZE = 20;

/** User profit and loss: each downline member's own figures over a range (from the daily rollups), and the sum. */
export const TeamProfitPanel = () => {
  const { t } = useTranslation('agents');
  const formatMoney = useFormatMoney();
  const range = useAgentRange('7d');
  const search = useAccountSearch();
  const filter = { ...range.range, ...(search.account ? { account: search.account } : {}) };
  const profit = useTeamProfit({ ...filter, pageNo: search.pageNo, pageSize: PAGE_SIZE });
  const currency = profit.data?.currency ?? '';
  const sum = profit.data?.sum;
  return (
    <div className={styles.page} data-agent-page="palStatementsAgentCopy">
      <RangeFilter state={range} />
      <TeamSearch search={search} id="team-profit" />
      {sum ? (
        <StatGrid
          stats={[
            { key: 'deposits', label: t('agent_deposits'), value: formatMoney(sum.deposits, currency) },
            { key: 'withdrawals', label: t('agent_withdrawals'), value: formatMoney(sum.withdrawals, currency) },
            { key: 'bets', label: t('agent_bets'), value: formatMoney(sum.bets, currency) },
            { key: 'validBets', label: t('agent_valid_bets'), value: formatMoney(sum.validBets, currency) },
            { key: 'payouts', label: t('agent_payouts'), value: formatMoney(sum.payouts, currency) },
            { key: 'winLoss', label: t('agent_win_loss'), value: formatMoney(sum.winLoss, currency) },
          ]}
        />
      ) : null}
      <Card
        title={t('in_user_loss')}
        name="team-profit"
        isPadded={false}
        actions={
          <ExportCsvButton<TeamProfitRow>
            fileName={`team-profit-${range.range.from}-${range.range.to}.csv`}
            fetchPage={(pageNo, pageSize) =>
              callEndpoint(agentTeamEndpoints.profit, { query: { ...filter, pageNo, pageSize } })
            }
            columns={[
              { header: t('agent_account'), value: (row) => row.account, isText: true },
              { header: t('agent_level'), value: (row) => row.level },
              { header: t('agent_deposits'), value: (row) => row.figures.deposits },
              { header: t('agent_withdrawals'), value: (row) => row.figures.withdrawals },
              { header: t('agent_bets'), value: (row) => row.figures.bets },
              { header: t('agent_valid_bets'), value: (row) => row.figures.validBets },
              { header: t('agent_payouts'), value: (row) => row.figures.payouts },
              { header: t('agent_win_loss'), value: (row) => row.figures.winLoss },
            ]}
          />
        }
      >
        <PagedRecords<TeamProfitRow>
          query={profit}
          pageNo={search.pageNo}
          onPageChange={search.setPageNo}
          rowKey={(row) => row.memberId}
          rowData={(row) => ({ 'data-profit-row': row.account })}
          columns={[
            { label: t('agent_account'), render: (row) => <bdi dir="ltr">{row.account}</bdi> },
            {
              label: t('agent_type'),
              render: (row) => (
                <StatusBadge tone={row.isAgent ? 'info' : 'neutral'}>
                  {t(row.isAgent ? 'agent_type_agent' : 'agent_type_member')}
                </StatusBadge>
              ),
            },
            { label: t('agent_level'), isNumeric: true, render: (row) => row.level },
            {
              label: t('agent_deposits'),
              isNumeric: true,
              render: (row) => formatMoney(row.figures.deposits, currency),
            },
            {
              label: t('agent_withdrawals'),
              isNumeric: true,
              render: (row) => formatMoney(row.figures.withdrawals, currency),
            },
            { label: t('agent_bets'), isNumeric: true, render: (row) => formatMoney(row.figures.bets, currency) },
            {
              label: t('agent_valid_bets'),
              isNumeric: true,
              render: (row) => formatMoney(row.figures.validBets, currency),
            },
            {
              label: t('agent_win_loss'),
              isNumeric: true,
              cellClassName: (row) => signClass(row.figures.winLoss),
              render: (row) => formatMoney(row.figures.winLoss, currency),
            },
          ]}
        />
      </Card>
    </div>
  );
};
