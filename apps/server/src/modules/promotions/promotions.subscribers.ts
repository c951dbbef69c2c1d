import { type Subscriber, subscribe } from '../../platform/events';
import type { MemberPrincipal, MerchantContext } from '../../platform/http/context';
import type { ReferralService } from './referral.service';
import type { VipService } from './vip.service';

/**
 * The VIP and referral grants as event subscribers (decision 0050): a credited deposit or a settled bet
 * re-evaluates the member's VIP rank at once, and a friend's credited deposit its referrer's referral rewards,
 * instead of waiting for the member to open its rewards (that read still evaluates, as a catch-up). Each grant is
 * once per source key under its own lock (decisions 0040, 0044), so running in their own transactions is safe: a
 * redelivery finds the reward already granted.
 */
interface SubscriberDeps {
  merchantOf: (code: string) => Promise<MerchantContext>;
  /** A member as the programmes judge it (its type: trial accounts earn nothing; its referrer); null if unknown. */
  memberOf: (memberId: string) => Promise<{ merchantCode: string; type: number; referredById: string | null } | null>;
}

const principalOf =
  (deps: SubscriberDeps) =>
  async (merchantCode: string, memberId: string): Promise<MemberPrincipal | null> => {
    const member = await deps.memberOf(memberId);
    if (member?.merchantCode !== merchantCode) return null;
    return { memberId, merchantCode, type: member.type, sessionId: '' };
  };

/**
 * A credited deposit or a settled bet is counted into the member's VIP running totals on the delivery's
 * transaction; only when those meet a level above its kept rank is the rank evaluated (on the sources' totals, a sum
 * over its whole history: too dear for every bet).
 */
export const vipSubscribers = (
  deps: SubscriberDeps & { vip: Pick<VipService, 'grantEarned' | 'countActivity'> },
): Subscriber[] => {
  const grantVip = async (merchantCode: string, memberId: string) => {
    const member = await principalOf(deps)(merchantCode, memberId);
    if (member) await deps.vip.grantEarned(await deps.merchantOf(merchantCode), member);
  };
  return [
    subscribe('promotions.vip.deposits', 'deposit.credited', async (event, { tx }) => {
      const entry = { ...event, deposits: event.amount, validBets: 0n };
      if (await deps.vip.countActivity(tx, entry)) await grantVip(event.merchantCode, event.memberId);
    }),
    subscribe('promotions.vip.bets', 'bet.settled', async (event, { tx }) => {
      const entry = { ...event, deposits: 0n, validBets: event.validBet };
      if (await deps.vip.countActivity(tx, entry)) await grantVip(event.merchantCode, event.memberId);
    }),
  ];
};

/** A friend's credited deposit re-evaluates its referrer's referral rewards. */
export const referralSubscribers = (
  deps: SubscriberDeps & { referral: Pick<ReferralService, 'evaluate'> },
): Subscriber[] => [
  subscribe('promotions.referral.deposits', 'deposit.credited', async (event) => {
    const referrerId = (await deps.memberOf(event.memberId))?.referredById;
    const referrer = referrerId ? await principalOf(deps)(event.merchantCode, referrerId) : null;
    if (referrer) await deps.referral.evaluate(await deps.merchantOf(event.merchantCode), referrer);
  }),
];
