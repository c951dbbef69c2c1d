import type { ContentItem } from '@tessera/contracts';

/** Whether the site shows an item now: live, not yet (scheduled), no longer (ended), or switched off. */
export const scheduleStates = ['live', 'scheduled', 'ended', 'off'] as const;
export type ScheduleState = (typeof scheduleStates)[number];

/** The same rule the server applies when it serves content: enabled, started (or no start), not ended. */
export const scheduleStateOf = (
  item: Pick<ContentItem, 'enabled' | 'startsAt' | 'endsAt'>,
  now: number,
): ScheduleState => {
  if (!item.enabled) return 'off';
  if (item.endsAt && Date.parse(item.endsAt) <= now) return 'ended';
  if (item.startsAt && Date.parse(item.startsAt) > now) return 'scheduled';
  return 'live';
};
