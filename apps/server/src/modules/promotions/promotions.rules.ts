import {
  type ActivityState,
  type PromotionEntryStatus,
  type PromotionFrequency,
  type PromotionKind,
  zonedDate,
} from '@tessera/contracts';

/**
 * The promotion engine's rules (decision 0082), pure: the period a member's entry belongs to, the activity state a
 * member sees, and the bonus a promotion pays.
 */

/** Kinds the member joins first (a later deposit or the turnover then earns the bonus). */
const JOINED_KINDS: readonly PromotionKind[] = ['first_deposit', 'reload_deposit', 'turnover_challenge'];
/** Kinds the member claims at once when eligible. */
const CLAIMED_KINDS: readonly PromotionKind[] = ['registration', 'daily_login'];

/**
 * How a member takes part in a promotion of this kind: join, claim, apply with a remark and images, or link a
 * chat-app handle (decision 0151).
 */
export const actionOf = (kind: PromotionKind): 'join' | 'claim' | 'apply' | 'link' =>
  JOINED_KINDS.includes(kind)
    ? 'join'
    : CLAIMED_KINDS.includes(kind)
      ? 'claim'
      : kind === 'chat_app'
        ? 'link'
        : 'apply';

/**
 * A first deposit, a registration bonus or a chat-app reward happens once in a member's life, a daily login once a
 * day.
 */
export const frequencyOf = (kind: PromotionKind, configured: PromotionFrequency): PromotionFrequency =>
  kind === 'first_deposit' || kind === 'registration' || kind === 'chat_app'
    ? 'once'
    : kind === 'daily_login'
      ? 'daily'
      : configured;

/** The period an entry made at `at` belongs to, in the merchant's time zone. */
export const periodKey = (frequency: PromotionFrequency, timeZone: string, at: Date): string => {
  if (frequency === 'once') return 'once';
  const day = zonedDate(timeZone, at);
  if (frequency === 'daily') return day;
  // ISO week of the zoned calendar day: the week of its Thursday, counted from the Thursday's 1 January.
  const thursday = new Date(`${day}T00:00:00Z`);
  thursday.setUTCDate(thursday.getUTCDate() - ((thursday.getUTCDay() + 6) % 7) + 3);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = 1 + Math.floor((thursday.getTime() - yearStart) / 86_400_000 / 7);
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
};

/**
 * Spec section 4's ten activity states, from the promotion's window and the member's entry in the current period
 * (`bonusOpen`: whether the entry's bonus is still wagering; a finished one reads as claimed).
 */
export const activityState = (input: {
  kind: PromotionKind;
  enabled: boolean;
  startsAt: Date;
  endsAt: Date;
  now: Date;
  entry: { status: PromotionEntryStatus; bonusOpen: boolean } | null;
  eligible: boolean;
}): ActivityState => {
  const { entry, now } = input;
  if (entry) {
    switch (entry.status) {
      case 'issued':
        return entry.bonusOpen ? 'issued' : 'claimed';
      case 'applying':
        return 'applying';
      case 'rejected':
        return 'rejected';
      case 'joined':
        return now >= input.endsAt ? 'closed' : 'joined';
      case 'in_process':
        return now >= input.endsAt ? 'closed' : 'in_process';
      case 'claimable':
        return now >= input.endsAt ? 'closed' : 'claim';
    }
  }
  if (!input.enabled || now >= input.endsAt) return 'closed';
  if (now < input.startsAt) return 'coming_soon';
  if (!input.eligible) return 'closed';
  return actionOf(input.kind) === 'claim' ? 'claim' : 'join';
};

/**
 * The bonus a promotion pays: for a deposit kind, `percent` of the deposit capped at `maxAmount` (0: no cap), or
 * `fixedAmount` when the percent is 0; nothing for a deposit under `minDeposit`. Other kinds pay `fixedAmount`.
 */
export const bonusAmount = (
  promotion: { kind: PromotionKind; percent: number; fixedAmount: bigint; maxAmount: bigint; minDeposit: bigint },
  deposit: bigint,
): bigint => {
  const isDeposit = promotion.kind === 'first_deposit' || promotion.kind === 'reload_deposit';
  if (!isDeposit) return promotion.fixedAmount;
  if (deposit <= 0n || deposit < promotion.minDeposit) return 0n;
  if (promotion.percent === 0) return promotion.fixedAmount;
  const share = (deposit * BigInt(promotion.percent)) / 100n;
  return promotion.maxAmount > 0n && share > promotion.maxAmount ? promotion.maxAmount : share;
};
