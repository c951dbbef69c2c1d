import {
  agentTeamEndpoints,
  type GameCategory,
  gameCategories,
  type TeamBet,
  teamBetStatuses,
} from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Card } from '../../../shared/ui/card/card';
import { PagedRecords } from '../../../shared/ui/data-table/paged-records';
import { type TeamBetsQuery, useTeamBets } from '../api/agents-team-api';
import styles from './agents.module.css';
import { RangeFilter, useAgentRange } from './range-filter';
import { StatGrid, signClass } from './stat-grid';
import { ExportCsvButton, FilterSelect, TeamSearch, useAccountSearch } from './team-filters';

const PAGE_SIZE = 20;
type BetStatus = (typeof teamBetStatuses)[number];
const statusKeys: Record<BetStatus, string> = {
  open: 'agent_bet_open',
  settled: 'agent_bet_settled',
  cancelled: 'agent_bet_cancelled',
};

/** Team betting: the downline's rounds in a range, by account, category and status, with totals and CSV. */
export const TeamBetsPanel = ({ categoryLabelKey }: { categoryLabelKey: (category: GameCategory) => string }) => {
  const { t } = useTranslation('agents');
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const range = useAgentRange('7d');
  const search = useAccountSearch();
  const [gameType, setGameType] = useState<GameCategory | ''>('');
  const [status, setStatus] = useState<BetStatus | ''>('');
  const filter: Omit<TeamBetsQuery, 'pageNo' | 'pageSize'> = {
    ...range.range,
    ...(search.account ? { account: search.account } : {}),
    ...(gameType ? { gameType } : {}),
    ...(status ? { status } : {}),
  };
  const bets = useTeamBets({ ...filter, pageNo: search.pageNo, pageSize: PAGE_SIZE });
  const currency = bets.data?.currency ?? '';
  const category = (row: TeamBet) => t(categoryLabelKey(row.gameType as GameCategory), { ns: 'common' });
  const summary = bets.data?.summary;
  return (
    <div className={styles.page} data-agent-page="personalHistoryCopy">
      <RangeFilter state={range} />
      <TeamSearch search={search} id="team-bets">
        <FilterSelect
          id="team-bets-category"
          label={t('agent_category')}
          value={gameType}
          options={gameCategories.map((value) => ({ value, label: t(categoryLabelKey(value), { ns: 'common' }) }))}
          onChange={(value) => {
            setGameType(value as GameCategory | '');
            search.setPageNo(1);
          }}
        />
        <FilterSelect
          id="team-bets-status"
          label={t('agent_status')}
          value={status}
          options={teamBetStatuses.map((value) => ({ value, label: t(statusKeys[value]) }))}
          onChange={(value) => {
            setStatus(value as BetStatus | '');
            search.setPageNo(1);
          }}
        />
      </TeamSearch>
      {summary ? (
        <StatGrid
          stats={[
            { key: 'betCount', label: t('agent_bet_count'), value: summary.betCount },
            { key: 'bets', label: t('agent_bets'), value: formatMoney(summary.betAmount, currency) },
            { key: 'validBets', label: t('agent_valid_bets'), value: formatMoney(summary.validBet, currency) },
            { key: 'winLoss', label: t('agent_win_loss'), value: formatMoney(summary.winLoss, currency) },
          ]}
        />
      ) : null}
      <Card
        title={t('in_team_betting')}
        name="team-bets"
        isPadded={false}
        actions={
          <ExportCsvButton<TeamBet>
            fileName={`team-bets-${range.range.from}-${range.range.to}.csv`}
            fetchPage={(pageNo, pageSize) =>
              callEndpoint(agentTeamEndpoints.bets, { query: { ...filter, pageNo, pageSize } })
            }
            columns={[
              { header: t('agent_time'), value: (row) => row.placedAt },
              { header: t('agent_account'), value: (row) => row.account, isText: true },
              { header: t('agent_game'), value: (row) => row.gameName, isText: true },
              { header: t('agent_category'), value: category },
              { header: t('agent_round'), value: (row) => row.roundId, isText: true },
              { header: t('agent_stake'), value: (row) => row.betAmount },
              { header: t('agent_valid_bets'), value: (row) => row.validBet },
              { header: t('agent_payouts'), value: (row) => row.payout },
              { header: t('agent_result'), value: (row) => row.winLoss },
              { header: t('agent_status'), value: (row) => t(statusKeys[row.status as BetStatus] ?? row.status) },
            ]}
          />
        }
      >
        <PagedRecords<TeamBet>
          query={bets}
          pageNo={search.pageNo}
          onPageChange={search.setPageNo}
          rowKey={(row) => row.id}
          rowData={(row) => ({ 'data-team-bet': row.account })}
          columns={[
            { label: t('agent_time'), render: (row) => formatDateTime(row.placedAt) },
            { label: t('agent_account'), render: (row) => <bdi dir="ltr">{row.account}</bdi> },
            { label: t('agent_game'), render: (row) => row.gameName || row.vendorName },
            { label: t('agent_category'), render: category },
            { label: t('agent_stake'), isNumeric: true, render: (row) => formatMoney(row.betAmount, currency) },
            { label: t('agent_valid_bets'), isNumeric: true, render: (row) => formatMoney(row.validBet, currency) },
            {
              label: t('agent_result'),
              isNumeric: true,
              cellClassName: (row) => signClass(row.winLoss),
              render: (row) => formatMoney(row.winLoss, currency),
            },
            { label: t('agent_status'), render: (row) => t(statusKeys[row.status as BetStatus] ?? row.status) },
          ]}
        />
      </Card>
    </div>
  );
};
