import type { BonusWageringBase } from '@tessera/contracts';

/**
 * The bonus wallet's rules (decision 0081), pure so that the property tests drive exactly what the service runs.
 *
 * A bonus sits in the member's `bonus` ledger wallet, which no game debits: it cannot be staked, withdrawn or
 * transferred. It leaves that wallet only three ways: released to the main wallet once its wagering requirement is
 * met, forfeited to the house (on a withdrawal the member confirmed, by an operator), or expired to the house.
 */

/** A bonus still waiting for its requirement, as the allocation reads it. */
export interface OpenBonus {
  id: string;
  requirement: bigint;
  wagered: bigint;
  /** Game categories whose valid bets count; empty: every category. */
  categories: readonly string[];
}

/** The turnover a bonus asks for: a whole multiple of the bonus, or of the bonus and the deposit it came with. */
export const wageringRequirement = (input: {
  bonus: bigint;
  deposit: bigint;
  multiple: number;
  base: BonusWageringBase;
}): bigint => {
  if (input.bonus <= 0n || input.deposit < 0n || !Number.isInteger(input.multiple) || input.multiple < 0) {
    throw new RangeError('wagering requirement of a negative amount or multiple');
  }
  const base = input.base === 'bonus_deposit' ? input.bonus + input.deposit : input.bonus;
  return base * BigInt(input.multiple);
};

/** Whether a category's valid bets count toward a bonus. */
export const countsToward = (bonus: Pick<OpenBonus, 'categories'>, category: string): boolean =>
  bonus.categories.length === 0 || bonus.categories.includes(category.toUpperCase());

/**
 * Splits a settled round's valid bet over the member's open bonuses, oldest first: each eligible bonus takes what it
 * still needs and passes the rest on, so one bet never counts twice and a stream of bets clears bonuses one after
 * another, not all at once. Returns what each bonus takes and whether that completes it.
 */
export const allocateValidBet = (
  open: readonly OpenBonus[],
  category: string,
  validBet: bigint,
): { id: string; add: bigint; completes: boolean }[] => {
  let left = validBet > 0n ? validBet : 0n;
  const out: { id: string; add: bigint; completes: boolean }[] = [];
  for (const bonus of open) {
    if (left === 0n) break;
    if (!countsToward(bonus, category)) continue;
    const needed = bonus.requirement - bonus.wagered;
    if (needed <= 0n) continue;
    const add = left < needed ? left : needed;
    left -= add;
    out.push({ id: bonus.id, add, completes: add === needed });
  }
  return out;
};

/** Whether a bonus may go to the main wallet: only once its whole requirement is wagered. */
export const mayRelease = (bonus: Pick<OpenBonus, 'requirement' | 'wagered'>): boolean =>
  bonus.wagered >= bonus.requirement;

/** What a withdrawal request does while bonuses are open, by the merchant's setting and the member's answer. */
export type WithdrawalDecision = 'proceed' | 'refuse' | 'confirm_forfeit' | 'forfeit_then_proceed';

export const withdrawalDecision = (input: {
  openBonuses: number;
  policy: 'refuse' | 'forfeit';
  forfeitConfirmed: boolean;
}): WithdrawalDecision => {
  if (input.openBonuses === 0) return 'proceed';
  if (input.policy === 'refuse') return 'refuse';
  return input.forfeitConfirmed ? 'forfeit_then_proceed' : 'confirm_forfeit';
};
