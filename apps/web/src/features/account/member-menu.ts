/** The personal-center pages (spec section 2 "Personal center menu"); their keys double as page ids. */
export type MemberPage =
  | 'securityCenter'
  | 'transferFund'
  | 'depositv2'
  | 'withdraw'
  | 'transferUpline'
  | 'personalHistoryCopy'
  | 'transactionHistory'
  | 'personalProfit'
  | 'bonusDetails'
  | 'rewardCenter'
  | 'referral'
  | 'missionLeaderboard'
  | 'messageV2'
  | 'manualRebate'
  | 'responsibleGaming'
  | 'feedback'
  | 'liveChat';

export interface MemberMenuItem {
  page: MemberPage;
  labelKey: string;
  /** A whitelabel module that must be on for the item to show. */
  requires?: string;
}

export const memberMenu: readonly MemberMenuItem[] = [
  { page: 'securityCenter', labelKey: 'in_my_account' },
  { page: 'transferFund', labelKey: 'in_my_wallet' },
  { page: 'depositv2', labelKey: 'in_increase_deposit' },
  { page: 'withdraw', labelKey: 'in_increase_withdrawal' },
  { page: 'transferUpline', labelKey: 'in_transfer_upline', requires: 'AGETRANSFERUP3' },
  { page: 'personalHistoryCopy', labelKey: 'in_betting_record' },
  { page: 'transactionHistory', labelKey: 'in_account_record' },
  { page: 'personalProfit', labelKey: 'in_personal_loss' },
  { page: 'bonusDetails', labelKey: 'in_bonus_details' },
  { page: 'rewardCenter', labelKey: 'in_reward_center', requires: 'REWCEN3' },
  { page: 'referral', labelKey: 'invite_friends', requires: 'REFERRAL3' },
  { page: 'missionLeaderboard', labelKey: 'mission_activity' },
  { page: 'messageV2', labelKey: 'in_platform_information', requires: 'INBOX3' },
  { page: 'feedback', labelKey: 'in_feedback', requires: 'FEEDBACK3' },
  { page: 'liveChat', labelKey: 'in_live_chat' },
  { page: 'manualRebate', labelKey: 'manual_rebate', requires: 'MANUALREBATE3' },
  { page: 'responsibleGaming', labelKey: 'responsible_gaming' },
];

const memberPages: ReadonlySet<string> = new Set(memberMenu.map((item) => item.page));

/** The page a `?page=` value names, or null for none or an unknown one. */
export const memberPageOf = (value: string | null): MemberPage | null =>
  value !== null && memberPages.has(value) ? (value as MemberPage) : null;

/** The default member-center page. */
export const defaultMemberPage: MemberPage = 'securityCenter';

export const visibleMemberMenu = (whitelabel: Readonly<Record<string, boolean>>): MemberMenuItem[] =>
  memberMenu.filter((item) => item.requires === undefined || whitelabel[item.requires] === true);
