import type { BadgeTone } from '../../../shared/ui/badge';

/** Badge colour of a withdrawal or deposit status. */
export const statusTone = (status: string): BadgeTone => {
  if (status === 'completed' || status === 'succeeded' || status === 'disbursed') return 'success';
  if (status === 'rejected' || status === 'failed' || status === 'expired') return 'danger';
  if (status === 'disputed') return 'warning';
  if (status === 'approved') return 'info';
  return 'neutral';
};

/** The date `days` before `date` (YYYY-MM-DD), for the report's default range. */
export const daysBefore = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
