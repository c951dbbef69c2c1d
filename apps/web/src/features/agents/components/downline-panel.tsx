import { agentEndpoints, type DownlineMember, type GameCategory } from '@tessera/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Button } from '../../../shared/ui/button/button';
import { Card } from '../../../shared/ui/card/card';
import { PagedRecords } from '../../../shared/ui/data-table/paged-records';
import { TextField } from '../../../shared/ui/form/text-field';
import { StatusBadge } from '../../../shared/ui/status-badge/status-badge';
import { useDownline } from '../api/agents-api';
import styles from './agents.module.css';
import { DownlineRatesDialog } from './downline-rates-dialog';
import { RangeFilter, useAgentRange } from './range-filter';
import { ExportCsvButton } from './team-filters';

const PAGE_SIZE = 20;
const statusKeys: Record<DownlineMember['status'], string> = {
  active: 'agent_status_active',
  locked: 'agent_status_locked',
  frozen: 'agent_status_frozen',
};

/**
 * Downline management: the agent's direct downline, a level deeper by opening a member (the trail leads back), or
 * a search of the whole downline by account; each member's type, status, registration, last login, balance, direct
 * team and figures in the range (the CSV export adds its level and valid bets).
 */
/** A column another feature adds to the list (the contract offer), with its own label. */
export interface DownlineAction {
  label: string;
  render: (member: DownlineMember) => ReactNode;
}

export const DownlinePanel = ({
  action,
  categoryLabelKey,
}: {
  action?: DownlineAction | undefined;
  /** The label key of a game category (the games feature's), for the rates dialog. */
  categoryLabelKey: (category: GameCategory) => string;
}) => {
  const { t } = useTranslation('agents');
  const [ratesOf, setRatesOf] = useState<DownlineMember | null>(null);
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const range = useAgentRange('30d');
  const [parentId, setParentId] = useState<string | undefined>(undefined);
  const [search, setSearch] = useState('');
  const [account, setAccount] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const filter = {
    ...range.range,
    ...(parentId ? { parentId } : {}),
    ...(account ? { account } : {}),
  };
  const downline = useDownline({ ...filter, pageNo, pageSize: PAGE_SIZE });
  const currency = downline.data?.currency ?? '';
  const open = (memberId: string | undefined) => {
    setParentId(memberId);
    setAccount('');
    setSearch('');
    setPageNo(1);
  };
  const trail = downline.data?.trail ?? [];
  return (
    <div className={styles.page} data-agent-page="downlineManagmentView">
      <RangeFilter state={range} />
      <form
        className={styles.search}
        onSubmit={(event) => {
          event.preventDefault();
          setAccount(search.trim());
          setParentId(undefined);
          setPageNo(1);
        }}
      >
        <TextField
          id="downline-account"
          label={t('agent_search_account')}
          value={search}
          maxLength={32}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Button type="submit">{t('agent_search')}</Button>
      </form>
      <Card
        title={account ? t('agent_search_results', { account }) : t('in_team_management')}
        name="downline"
        isPadded={false}
        actions={
          <ExportCsvButton<DownlineMember>
            fileName={`downline-${range.range.from}-${range.range.to}.csv`}
            fetchPage={(page, pageSize) =>
              callEndpoint(agentEndpoints.downline, { query: { ...filter, pageNo: page, pageSize } })
            }
            columns={[
              { header: t('agent_account'), value: (row) => row.account, isText: true },
              { header: t('agent_type'), value: (row) => t(row.isAgent ? 'agent_type_agent' : 'agent_type_member') },
              { header: t('agent_status'), value: (row) => t(statusKeys[row.status]) },
              { header: t('agent_level'), value: (row) => row.level },
              { header: t('agent_registered'), value: (row) => row.registeredAt },
              { header: t('agent_last_login'), value: (row) => row.lastLoginAt },
              { header: t('agent_balance'), value: (row) => row.balance },
              { header: t('agent_direct_members'), value: (row) => row.directMembers },
              { header: t('agent_deposits'), value: (row) => row.figures.deposits },
              { header: t('agent_bets'), value: (row) => row.figures.bets },
              { header: t('agent_valid_bets'), value: (row) => row.figures.validBets },
              { header: t('agent_win_loss'), value: (row) => row.figures.winLoss },
            ]}
          />
        }
      >
        {!account && trail.length > 1 ? (
          <nav className={styles.trail} aria-label={t('agent_trail')}>
            {trail.map((step, index) => (
              <button
                key={step.memberId}
                type="button"
                className={styles.trailStep}
                aria-current={index === trail.length - 1 ? 'page' : undefined}
                onClick={() => open(index === 0 ? undefined : step.memberId)}
              >
                {index === 0 ? t('agent_trail_me') : <bdi dir="ltr">{step.account}</bdi>}
              </button>
            ))}
          </nav>
        ) : null}
        <PagedRecords<DownlineMember>
          query={downline}
          pageNo={pageNo}
          onPageChange={setPageNo}
          rowKey={(row) => row.memberId}
          rowData={(row) => ({ 'data-downline': row.account })}
          columns={[
            {
              label: t('agent_account'),
              render: (row) =>
                row.directMembers > 0 ? (
                  <button type="button" className={styles.linkButton} onClick={() => open(row.memberId)}>
                    <bdi dir="ltr">{row.account}</bdi>
                  </button>
                ) : (
                  <bdi dir="ltr">{row.account}</bdi>
                ),
            },
            {
              label: t('agent_type'),
              render: (row) =>
                row.isAgent ? (
                  <StatusBadge tone="info">{t('agent_type_agent')}</StatusBadge>
                ) : (
                  <StatusBadge tone="neutral">{t('agent_type_member')}</StatusBadge>
                ),
            },
            {
              label: t('agent_status'),
              render: (row) => (
                <StatusBadge tone={row.status === 'active' ? 'success' : 'danger'}>
                  {t(statusKeys[row.status])}
                </StatusBadge>
              ),
            },
            { label: t('agent_registered'), render: (row) => formatDateTime(row.registeredAt) },
            {
              label: t('agent_last_login'),
              render: (row) => (row.lastLoginAt ? formatDateTime(row.lastLoginAt) : t('agent_never')),
            },
            { label: t('agent_balance'), isNumeric: true, render: (row) => formatMoney(row.balance, currency) },
            { label: t('agent_direct_members'), isNumeric: true, render: (row) => row.directMembers },
            {
              label: t('agent_deposits'),
              isNumeric: true,
              render: (row) => formatMoney(row.figures.deposits, currency),
            },
            { label: t('agent_bets'), isNumeric: true, render: (row) => formatMoney(row.figures.bets, currency) },
            {
              label: t('agent_win_loss'),
              isNumeric: true,
              render: (row) => formatMoney(row.figures.winLoss, currency),
            },
            {
              label: t('agent_rates'),
              render: (row) =>
                row.isAgent && row.level === 1 ? (
                  <button
                    type="button"
                    className={styles.linkButton}
                    data-rates={row.account}
                    onClick={() => setRatesOf(row)}
                  >
                    {Object.keys(row.rates).length > 0 ? t('agent_rates_edit') : t('agent_rates_set')}
                  </button>
                ) : null,
            },
            ...(action ? [{ label: action.label, render: action.render }] : []),
          ]}
        />
      </Card>
      {ratesOf ? (
        <DownlineRatesDialog member={ratesOf} onClose={() => setRatesOf(null)} categoryLabelKey={categoryLabelKey} />
      ) : null}
    </div>
  );
};
