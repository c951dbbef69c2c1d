import { z } from 'zod';

/** Minor units travel as decimal strings (JSON has no 64-bit integers) and reach subscribers as bigint. */
const minor = z
  .string()
  .regex(/^-?\d+$/)
  .transform((value) => BigInt(value));

/**
 * Every event modules announce to each other (decision 0050): name → payload. A subscriber sees only this payload,
 * never the producer's tables. Payloads are checked on delivery; one that does not match is a failed delivery.
 */
export const EVENT_CATALOGUE = {
  /** A betting round settled, from any game source (in-house, crash, seamless providers); written by a trigger. */
  'bet.settled': z.object({
    roundId: z.string(),
    merchantCode: z.string(),
    memberId: z.string(),
    source: z.string(),
    provider: z.string(),
    roundRef: z.string(),
    gameType: z.string(),
    currency: z.string(),
    betAmount: minor,
    validBet: minor,
    payout: minor,
    settledAt: z.string(),
    /**
     * Set on a correction of a round already settled (a seamless resettlement, decision 0118): the amounts are then
     * the differences (negative allowed) and `settledAt` the correction's time. A subscriber adds them and counts no
     * second round; the value names the correction (1, 2, … per round), for per-event keys.
     */
    correction: z.string().optional(),
    /** With `correction`: the rounds it adds, 0, or -1 when the round no longer counts (voided). */
    rounds: z.number().int().optional(),
  }),
  /** A deposit order was credited to the member's wallet. */
  'deposit.credited': z.object({
    depositId: z.string(),
    merchantCode: z.string(),
    memberId: z.string(),
    currency: z.string(),
    amount: minor,
  }),
  /** A withdrawal was paid out (its hold captured; the order disbursed). */
  'withdrawal.paid': z.object({
    withdrawalId: z.string(),
    merchantCode: z.string(),
    memberId: z.string(),
    currency: z.string(),
    amount: minor,
  }),
  /**
   * A member cancelled its own pending withdrawal (its hold released); written by the orders' trigger (migration
   * 0045). Responsible gaming counts it among the markers of harm (decision 0109).
   */
  'withdrawal.cancelled': z.object({
    withdrawalId: z.string(),
    merchantCode: z.string(),
    memberId: z.string(),
    currency: z.string(),
    amount: minor,
  }),
  /** A member registered (free-play trial accounts are not registrations), with who brought it. */
  'member.registered': z.object({
    merchantCode: z.string(),
    memberId: z.string(),
    /** The agent the member registered under (affiliate code), if any. */
    uplineId: z.string().nullable(),
    /** The member whose referral code it used, if any. */
    referredById: z.string().nullable(),
  }),
  /**
   * A member went on a break or self-excluded (decision 0103), on this merchant by its own choice or because the
   * same person chose to cover every merchant. Marketing stops and agents' contracts stop counting the member from
   * `startsAt` until `endsAt` (null: permanent); `responsibleGaming.blockedAmong` answers the same question on demand.
   */
  'member.blocked': z.object({
    merchantCode: z.string(),
    memberId: z.string(),
    kind: z.enum(['break', 'self_exclusion']),
    startsAt: z.string(),
    endsAt: z.string().nullable(),
  }),
  /** A member signed in (a successful login of a registered member; trial accounts excepted); written by a trigger. */
  'member.logged_in': z.object({
    merchantCode: z.string(),
    memberId: z.string(),
    at: z.string(),
  }),
  /** A member claimed a reward: the money moved from the promotions account to its main wallet. */
  'reward.claimed': z.object({
    rewardId: z.string(),
    merchantCode: z.string(),
    memberId: z.string(),
    kind: z.string(),
    currency: z.string(),
    amount: minor,
  }),
  /**
   * A member won a merchant's progressive jackpot (decision 0115): the pool was paid to its main wallet through the
   * ledger and reset to its seed, in the same transaction. `roundId` is the in-house round that triggered it.
   */
  'jackpot.won': z.object({
    winId: z.string(),
    merchantCode: z.string(),
    memberId: z.string(),
    roundId: z.string(),
    currency: z.string(),
    amount: minor,
  }),
  /** A member's mission reached its target in a period (decision 0096): its reward may now be claimed. */
  'mission.completed': z.object({
    merchantCode: z.string(),
    memberId: z.string(),
    missionId: z.string(),
    periodKey: z.string(),
  }),
  /** A raffle's prize was paid to its winner by the draw (decision 0122), one event per prize. */
  'raffle.won': z.object({
    raffleId: z.string(),
    merchantCode: z.string(),
    memberId: z.string(),
    currency: z.string(),
    prizeIndex: z.number().int(),
    amount: minor,
  }),
} as const;

export type EventName = keyof typeof EVENT_CATALOGUE;
/** What a subscriber receives. */
export type EventPayload<N extends EventName> = z.output<(typeof EVENT_CATALOGUE)[N]>;

export const EVENT_NAMES = Object.keys(EVENT_CATALOGUE) as EventName[];
