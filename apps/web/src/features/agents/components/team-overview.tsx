import type { TeamFigures } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../../shared/api/api-error';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Card } from '../../../shared/ui/card/card';
import { PagedRecords } from '../../../shared/ui/data-table/paged-records';
import { FormError } from '../../../shared/ui/form/form-error';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { useTeamOverview, useTeamReport } from '../api/agents-api';
import styles from './agents.module.css';
import { RangeFilter, useAgentRange } from './range-filter';
import { StatGrid } from './stat-grid';

const DAYS_PER_PAGE = 10;

/**
 * Team overview (the agent centre's default page): team sizes, new and active members and the downline's money
 * figures over the range, then the same figures per day. Every number is a sum of the server's daily rollups.
 */
export const TeamOverviewPanel = () => {
  const { t } = useTranslation('agents');
  const formatMoney = useFormatMoney();
  const range = useAgentRange('7d');
  const overview = useTeamOverview(range.range);
  const report = useTeamReport(range.range);
  const [pageNo, setPageNo] = useState(1);
  const data = overview.data;
  const money = (value: string) => (data ? formatMoney(value, data.currency) : value);
  const stats: { key: string; label: string; value: string | number }[] = data
    ? [
        { key: 'directMembers', label: t('agent_direct_members'), value: data.directMembers },
        { key: 'teamMembers', label: t('agent_team_members'), value: data.teamMembers },
        { key: 'newMembers', label: t('agent_new_members'), value: data.newMembers },
        { key: 'activeMembers', label: t('agent_active_members'), value: data.activeMembers },
        { key: 'deposits', label: t('agent_deposits'), value: money(data.figures.deposits) },
        { key: 'withdrawals', label: t('agent_withdrawals'), value: money(data.figures.withdrawals) },
        { key: 'bets', label: t('agent_bets'), value: money(data.figures.bets) },
        { key: 'validBets', label: t('agent_valid_bets'), value: money(data.figures.validBets) },
        { key: 'winLoss', label: t('agent_win_loss'), value: money(data.figures.winLoss) },
      ]
    : [];
  const days = report.data?.days ?? [];
  const page = {
    ...report,
    data: report.data && {
      list: days.slice((pageNo - 1) * DAYS_PER_PAGE, pageNo * DAYS_PER_PAGE),
      totalPages: Math.max(1, Math.ceil(days.length / DAYS_PER_PAGE)),
    },
  };
  const figure = (key: keyof TeamFigures) => (row: { figures: TeamFigures }) => money(String(row.figures[key]));
  return (
    <div className={styles.page} data-agent-page="agentTeamOverview">
      <RangeFilter state={range} />
      {overview.isPending ? <InlineLoader /> : null}
      {overview.isError ? <FormError code={errorKeyOf(overview.error)} /> : null}
      {data ? <StatGrid stats={stats} /> : null}
      <Card title={t('agent_report_title')} name="team-report" isPadded={false}>
        <PagedRecords
          query={page}
          pageNo={pageNo}
          onPageChange={setPageNo}
          rowKey={(row) => row.day}
          rowData={(row) => ({ 'data-day': row.day })}
          columns={[
            { label: t('agent_day'), isMono: true, render: (row) => row.day },
            { label: t('agent_deposits'), isNumeric: true, render: figure('deposits') },
            { label: t('agent_withdrawals'), isNumeric: true, render: figure('withdrawals') },
            { label: t('agent_bets'), isNumeric: true, render: figure('bets') },
            { label: t('agent_valid_bets'), isNumeric: true, render: figure('validBets') },
            { label: t('agent_win_loss'), isNumeric: true, render: figure('winLoss') },
          ]}
        />
      </Card>
    </div>
  );
};
