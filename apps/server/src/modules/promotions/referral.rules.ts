/**
 * The referral programme's rules (decision 0044), pure so that they can be read and tested on their own: when the
 * programme pays, when a friend qualifies, and which qualified friends are rewarded now.
 */

/** A merchant's programme as stored, in minor units of `currency`. */
export interface ReferralSettings {
  enabled: boolean;
  currency: string;
  rewardPerFriend: bigint;
  qualifyingDeposits: bigint;
  maxRewardedFriends: number | null;
}

/** What the programme pays now. */
export type ReferralTerms = Omit<ReferralSettings, 'enabled'>;

/**
 * The terms the merchant's members earn by now, or null when nothing can be earned: no settings, the programme
 * switched off, the REFERRAL3 module off, or settings made in a currency the merchant no longer uses.
 */
export const activeTermsOf = (
  settings: ReferralSettings | null,
  merchant: { currency: string; isModuleOn: boolean },
): ReferralTerms | null => {
  const current = settingsInCurrency(settings, merchant.currency);
  if (!current?.enabled || !merchant.isModuleOn) return null;
  const { enabled: _enabled, ...terms } = current;
  return terms;
};

/** The settings when they are in `currency` (amounts in another currency mean nothing here), else null. */
export const settingsInCurrency = <T extends ReferralSettings>(settings: T | null, currency: string): T | null =>
  settings?.currency === currency ? settings : null;

/** A friend qualifies once its credited deposits reach the qualifying total. */
export const hasQualified = (credited: bigint, qualifyingDeposits: bigint): boolean => credited >= qualifyingDeposits;

/** A friend whose deposits qualified, and when they did. */
export interface QualifiedFriend {
  friendId: string;
  qualifiedAt: Date;
}

/**
 * The friends to reward now: those qualified and not yet rewarded, the first to qualify first (then by id), as
 * many as the cap leaves room for after the friends already rewarded.
 */
export const friendsToReward = (input: {
  qualified: readonly QualifiedFriend[];
  rewarded: ReadonlySet<string>;
  cap: number | null;
}): string[] => {
  const pending = input.qualified
    .filter((friend) => !input.rewarded.has(friend.friendId))
    .sort(
      (a, b) =>
        a.qualifiedAt.getTime() - b.qualifiedAt.getTime() ||
        (a.friendId < b.friendId ? -1 : a.friendId > b.friendId ? 1 : 0),
    );
  const room = input.cap === null ? pending.length : Math.max(0, input.cap - input.rewarded.size);
  return pending.slice(0, room).map((friend) => friend.friendId);
};

const SOURCE_KEY_PREFIX = 'referral:';

/** The reward's source key: one per friend in the merchant, so a friend earns its referrer one reward at most. */
export const referralSourceKey = (friendId: string): string => `${SOURCE_KEY_PREFIX}${friendId}`;

/** The friend a referral reward's source key names. */
export const friendOfSourceKey = (sourceKey: string): string => {
  if (!sourceKey.startsWith(SOURCE_KEY_PREFIX)) throw new Error(`not a referral source key: ${sourceKey}`);
  return sourceKey.slice(SOURCE_KEY_PREFIX.length);
};
