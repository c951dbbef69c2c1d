import type { MissionBoardPeriod, MissionCategory, MissionKind, MissionPeriod } from '@tessera/contracts';

/** The `missions` catalogue's keys the pages pick by value (held complete by locales/dynamic-keys.test.ts). */
export const goalKeys: Record<MissionKind, string> = {
  rounds: 'goal_rounds',
  valid_bet: 'goal_valid_bet',
  deposit: 'goal_deposit',
  login_days: 'goal_login_days',
};

export const categoryKeys: Record<MissionCategory, string> = {
  all: 'category_all',
  live: 'category_live',
  lott: 'category_lott',
  pvp: 'category_pvp',
  rng: 'category_rng',
  sports: 'category_sports',
  inhouse: 'category_inhouse',
};

export const groupKeys: Record<MissionPeriod, string> = {
  daily: 'group_daily',
  weekly: 'group_weekly',
  once: 'group_once',
};

export const boardPeriodKeys: Record<MissionBoardPeriod, string> = { daily: 'board_daily', weekly: 'board_weekly' };

/** The switch between the current and the previous period: its label per period and offset. */
export const boardSwitchKeys: Record<MissionBoardPeriod, readonly [current: string, previous: string]> = {
  daily: ['board_current_daily', 'board_previous_daily'],
  weekly: ['board_current_weekly', 'board_previous_weekly'],
};
