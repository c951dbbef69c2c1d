/** Collections one member may attempt per minute, in every server process together (shared limiter). */
export const COLLECTS_PER_MINUTE = 6;
export const COLLECT_WINDOW_MS = 60_000;

/** The limiter's key of a member's collections. */
export const collectLimitKey = (memberId: string): string => `rebate:collect:${memberId}`;
