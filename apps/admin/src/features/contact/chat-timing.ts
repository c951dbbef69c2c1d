/** A duration split for display: seconds under a minute, minutes under an hour, else hours and minutes. */
export type Elapsed =
  | { unit: 'seconds'; seconds: number }
  | { unit: 'minutes'; minutes: number }
  | { unit: 'hours'; hours: number; minutes: number };

export const elapsedOf = (totalSeconds: number): Elapsed => {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  if (seconds < 60) return { unit: 'seconds', seconds };
  if (seconds < 3600) return { unit: 'minutes', minutes: Math.floor(seconds / 60) };
  return { unit: 'hours', hours: Math.floor(seconds / 3600), minutes: Math.floor((seconds % 3600) / 60) };
};

/** How long a member has waited at `nowMs` since `since` (an ISO instant), in whole seconds. */
export const waitedSeconds = (since: string, nowMs: number): number => Math.max(0, (nowMs - Date.parse(since)) / 1000);
