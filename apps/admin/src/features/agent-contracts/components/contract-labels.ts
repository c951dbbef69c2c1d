import type { BadgeTone } from '../../../shared/ui/badge';

/** Badge tones of a contract's, a run's and a statement's statuses. */
export const contractStatusTone: Record<string, BadgeTone> = {
  offered: 'info',
  active: 'success',
  rejected: 'neutral',
  withdrawn: 'neutral',
  terminated: 'warning',
};
export const statementStatusTone: Record<string, BadgeTone> = {
  paid: 'success',
  partial: 'warning',
  insufficient: 'danger',
  nothing_due: 'neutral',
};
export const runStatusTone: Record<string, BadgeTone> = { settled: 'success', failed: 'danger' };

/** "member:alice" → ["member", "alice"]; "system" → ["system", ""]. */
export const actorParts = (actor: string): [string, string] => {
  const at = actor.indexOf(':');
  return at < 0 ? [actor, ''] : [actor.slice(0, at), actor.slice(at + 1)];
};
