/** The agent-center pages (spec section 2 "Agent center menu", api-facts 11.1). */
export type AgentPage =
  | 'agentAnnouncement'
  | 'agentTeamOverview'
  | 'registerCenter'
  | 'downlineManagmentView'
  | 'personalHistoryCopy'
  | 'palStatementsAgentCopy'
  | 'agentRevenueReport'
  | 'agentDownlineTransactionDetailsCopy'
  | 'agentTransfer'
  | 'agentRedRain'
  | 'agentDividendRecordCopy2'
  | 'agentDailyWages2'
  | 'agentHourSalary'
  | 'agentRealtimeSalary';

/** Which contract kinds the agent's consolidated data enables (spec section 3 "Consolidated data"). */
export interface AgentContracts {
  dividend: boolean;
  dailySalary: boolean;
  hourlySalary: boolean;
  realtimeSalary: boolean;
}

export interface AgentMenuItem {
  page: AgentPage;
  labelKey: string;
  /** A whitelabel module that must be on. */
  requires?: string;
  /** A contract kind the consolidated data must enable. */
  contract?: keyof AgentContracts;
}

export const agentMenu: readonly AgentMenuItem[] = [
  { page: 'agentAnnouncement', labelKey: 'in_increase_announcement' },
  { page: 'agentTeamOverview', labelKey: 'in_increase_overview' },
  { page: 'registerCenter', labelKey: 'in_increase_account', requires: 'REGCEN' },
  { page: 'downlineManagmentView', labelKey: 'in_team_management', requires: 'DOWNMAN' },
  { page: 'personalHistoryCopy', labelKey: 'in_team_betting', requires: 'TEAMBETTING3' },
  { page: 'palStatementsAgentCopy', labelKey: 'in_user_loss', requires: 'AGETEAMPNL3' },
  { page: 'agentRevenueReport', labelKey: 'in_my_income', requires: 'AGEREV3' },
  { page: 'agentDownlineTransactionDetailsCopy', labelKey: 'in_account_details' },
  { page: 'agentTransfer', labelKey: 'in_agent_transfer', requires: 'DOWNMAN' },
  { page: 'agentRedRain', labelKey: 'in_red_envelope', requires: 'AGENTRANSMULTDOWN3' },
  { page: 'agentDividendRecordCopy2', labelKey: 'in_bonus_bmwmuf', requires: 'DIVIDEND', contract: 'dividend' },
  { page: 'agentDailyWages2', labelKey: 'in_daily_hdtmkj', requires: 'DAYSAL', contract: 'dailySalary' },
  { page: 'agentHourSalary', labelKey: 'in_hourly_salary', requires: 'HOURSAL3', contract: 'hourlySalary' },
  { page: 'agentRealtimeSalary', labelKey: 'real_time_salary_menu', requires: 'RTSALARY3', contract: 'realtimeSalary' },
];

export const defaultAgentPage: AgentPage = 'agentTeamOverview';

/**
 * Items the agent may see: the module must be on, and contract items also need the consolidated data to
 * enable their kind (unknown consolidated data shows none of them).
 */
export const visibleAgentMenu = (
  whitelabel: Readonly<Record<string, boolean>>,
  contracts: AgentContracts | null,
): AgentMenuItem[] =>
  agentMenu.filter(
    (item) =>
      (item.requires === undefined || whitelabel[item.requires] === true) &&
      (item.contract === undefined || contracts?.[item.contract] === true),
  );

/** Of the visible items, the pages that are built (an unbuilt page never shows an empty frame in the menu). */
export const builtAgentMenu = (items: readonly AgentMenuItem[], built: ReadonlySet<AgentPage>): AgentMenuItem[] =>
  items.filter((item) => built.has(item.page));
