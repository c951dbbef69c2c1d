import type { adminLoginEntrySchema } from '@tessera/contracts';
import type { z } from 'zod';

type LoginEntry = z.infer<typeof adminLoginEntrySchema>;

/** How a member signed in (the server's login methods); others are shown as they are. */
export const loginMethods = ['password', 'sms', 'register', 'verify_ip', 'freeplay', 'reset'] as const;

/**
 * Why an attempt did not open a session: a wrong password, or a login held until the member proves itself
 * (from a new IP, or with the two-factor code). `locked` is kept for lock refusals.
 */
export const loginReasons = ['password', 'new_ip', 'two_factor', 'locked'] as const;

export type LoginOutcomeTone = 'success' | 'warning' | 'danger';

export interface LoginOutcome {
  tone: LoginOutcomeTone;
  /** i18n key of the outcome. */
  key: string;
  /** The server's reason code when it is not one the back office knows (shown as is). */
  rawReason: string | null;
}

const HELD = new Set<string>(['new_ip', 'two_factor']);

/** The result column of the login history: success, held for verification, or refused and why. */
export const loginOutcomeOf = (entry: Pick<LoginEntry, 'success' | 'reason'>): LoginOutcome => {
  if (entry.success) return { tone: 'success', key: 'loginResults.success', rawReason: null };
  const reason = entry.reason;
  const isKnown = reason !== null && (loginReasons as readonly string[]).includes(reason);
  return {
    tone: reason !== null && HELD.has(reason) ? 'warning' : 'danger',
    key: isKnown ? `loginReasons.${reason}` : 'loginReasons.other',
    rawReason: isKnown ? null : reason,
  };
};

/** The i18n key of a login method, or null for one the back office does not know. */
export const loginMethodKey = (method: string): string | null =>
  (loginMethods as readonly string[]).includes(method) ? `loginMethods.${method}` : null;
