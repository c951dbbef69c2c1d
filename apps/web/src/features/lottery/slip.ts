import type {
  FourDBetTypeName,
  LotteryAnyBetType,
  LotteryBetType,
  LotteryLine,
  LotteryTicketStatus,
  VnBetTypeName,
} from '@tessera/contracts';
import { checkFiveDigitSelection, FIVE_DIGIT_MAX_SUM, type FiveDigitSelection } from '@tessera/engines';

/** i18n keys (namespace 'lottery') chosen at run time; the dynamic-keys test holds every one. */
export const betTypeKeys: Readonly<Record<LotteryAnyBetType, string>> = {
  big: 'lt_bet_big',
  small: 'lt_bet_small',
  position: 'lt_bet_position',
  position_big_small: 'lt_bet_position_big_small',
  position_odd_even: 'lt_bet_position_odd_even',
  sum_big_small: 'lt_bet_sum_big_small',
  sum_odd_even: 'lt_bet_sum_odd_even',
  sum: 'lt_bet_sum',
  front2: 'lt_bet_front2',
  back2: 'lt_bet_back2',
  front3: 'lt_bet_front3',
  back3: 'lt_bet_back3',
  straight5: 'lt_bet_straight5',
  lo: 'lt_bet_lo',
  de: 'lt_bet_de',
  three_cang: 'lt_bet_three_cang',
  xien2: 'lt_bet_xien2',
  xien3: 'lt_bet_xien3',
  xien4: 'lt_bet_xien4',
};
export const betTypeRuleKeys: Readonly<Record<LotteryAnyBetType, string>> = {
  big: 'lt_rule_big',
  small: 'lt_rule_small',
  position: 'lt_rule_position',
  position_big_small: 'lt_rule_position_big_small',
  position_odd_even: 'lt_rule_position_odd_even',
  sum_big_small: 'lt_rule_sum_big_small',
  sum_odd_even: 'lt_rule_sum_odd_even',
  sum: 'lt_rule_sum',
  front2: 'lt_rule_front2',
  back2: 'lt_rule_back2',
  front3: 'lt_rule_front3',
  back3: 'lt_rule_back3',
  straight5: 'lt_rule_straight5',
  lo: 'lt_rule_lo',
  de: 'lt_rule_de',
  three_cang: 'lt_rule_three_cang',
  xien2: 'lt_rule_xien',
  xien3: 'lt_rule_xien',
  xien4: 'lt_rule_xien',
};
export const sideKeys = {
  big: 'lt_side_big',
  small: 'lt_side_small',
  odd: 'lt_side_odd',
  even: 'lt_side_even',
} as const;
export const ticketStatusKeys: Readonly<Record<LotteryTicketStatus, string>> = {
  pending: 'lt_status_pending',
  won: 'lt_status_won',
  lost: 'lt_status_lost',
  refunded: 'lt_status_refunded',
};
/** The 4D prize tiers in draw order (first, second, third, starter, consolation). */
export const fourDTierKeys = [
  'lt_tier_first',
  'lt_tier_second',
  'lt_tier_third',
  'lt_tier_starter',
  'lt_tier_consolation',
] as const;
export const positionKeys = ['lt_pos_1', 'lt_pos_2', 'lt_pos_3', 'lt_pos_4', 'lt_pos_5'] as const;

export type Side = keyof typeof sideKeys;

/** What the picker of a bet type asks for. */
export interface PickShape {
  position: boolean;
  digits: number;
  sides: readonly Side[];
  sum: boolean;
}

export const pickShapeOf = (betType: LotteryBetType): PickShape => {
  const position = betType.startsWith('position');
  const digits = { position: 1, front2: 2, back2: 2, front3: 3, back3: 3, straight5: 5 }[betType as string] ?? 0;
  const sides: readonly Side[] = betType.endsWith('big_small')
    ? ['big', 'small']
    : betType.endsWith('odd_even')
      ? ['odd', 'even']
      : [];
  return { position, digits, sides, sum: betType === 'sum' };
};

/** The picker's state: one digit per slot (null: not picked yet). */
export interface Pick {
  betType: LotteryBetType;
  position: number;
  digits: (number | null)[];
  side: Side | null;
  sum: number | null;
}

export const emptyPick = (betType: LotteryBetType): Pick => ({
  betType,
  position: 0,
  digits: Array.from({ length: pickShapeOf(betType).digits }, () => null),
  side: null,
  sum: null,
});

/** A random complete pick of the bet type (`random(n)` gives an integer in [0, n)). */
export const quickPick = (betType: LotteryBetType, random: (n: number) => number): Pick => {
  const shape = pickShapeOf(betType);
  return {
    betType,
    position: shape.position ? random(5) : 0,
    digits: Array.from({ length: shape.digits }, () => random(10)),
    side: shape.sides.length > 0 ? (shape.sides[random(shape.sides.length)] ?? null) : null,
    sum: shape.sum ? random(FIVE_DIGIT_MAX_SUM + 1) : null,
  };
};

/** The engines' selection of a pick, or null while it is incomplete or invalid. */
export const selectionOf = (pick: Pick): FiveDigitSelection | null => {
  const shape = pickShapeOf(pick.betType);
  const selection: FiveDigitSelection = { betType: pick.betType };
  if (shape.position) selection.position = pick.position;
  if (shape.sides.length > 0) {
    if (!pick.side) return null;
    selection.side = pick.side;
  }
  if (shape.sum) {
    if (pick.sum === null) return null;
    selection.numbers = [pick.sum];
  }
  if (shape.digits > 0) {
    if (pick.digits.some((d) => d === null)) return null;
    selection.numbers = pick.digits as number[];
  }
  return checkFiveDigitSelection(selection) === null ? selection : null;
};

/** A slip line as the buy call takes it. */
export const lineOf = (selection: FiveDigitSelection, stake: string): LotteryLine => ({
  betType: selection.betType,
  ...(selection.position === undefined ? {} : { position: selection.position }),
  ...(selection.numbers === undefined ? {} : { numbers: [...selection.numbers] }),
  ...(selection.side === undefined ? {} : { side: selection.side }),
  stake,
});

/** The odds of a selection from the game's list (sum: one per value). */
export const oddsOfSelection = (odds: readonly string[], selection: FiveDigitSelection): string | null =>
  (selection.betType === 'sum' ? odds[selection.numbers?.[0] ?? -1] : odds[0]) ?? null;

/** Sum of decimal stake strings in cents, or null when one is not a valid amount. */
export const totalCents = (stakes: readonly string[]): bigint | null => {
  let total = 0n;
  for (const stake of stakes) {
    const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(stake.trim());
    if (!match) return null;
    total += BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  }
  return total;
};

export const centsText = (cents: bigint): string => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

/** A 4D number as shown and picked: four digits, leading zeros kept ("0042"). */
export const fourDText = (n: number): string => String(n).padStart(4, '0');

/** The 4D picker's four digits as the ticket's number, or null while one is missing. */
export const fourDNumberOf = (digits: readonly (number | null)[]): number | null =>
  digits.length === 4 && digits.every((d) => d !== null) ? Number(digits.join('')) : null;

/** A 4D slip line as the buy call takes it. */
export const fourDLineOf = (betType: FourDBetTypeName, number: number, stake: string): LotteryLine => ({
  betType,
  numbers: [number],
  stake,
});

/** A draw's 23 numbers by tier: first, second, third, then the 10 starter and 10 consolation. */
export const fourDGroups = (numbers: readonly number[]): number[][] => [
  numbers.slice(0, 1),
  numbers.slice(1, 2),
  numbers.slice(2, 3),
  numbers.slice(3, 13),
  numbers.slice(13, 23),
];

/** The tier index (`fourDTierKeys`) a number was drawn in, or -1. */
export const fourDTierOfNumber = (number: number, numbers: readonly number[]): number =>
  fourDGroups(numbers).findIndex((group) => group.includes(number));

/** The Vietnamese prize tiers by the engine's names (special prize first). */
export const vnTierKeys = {
  special: 'lt_vn_tier_special',
  first: 'lt_vn_tier_first',
  second: 'lt_vn_tier_second',
  third: 'lt_vn_tier_third',
  fourth: 'lt_vn_tier_fourth',
  fifth: 'lt_vn_tier_fifth',
  sixth: 'lt_vn_tier_sixth',
  seventh: 'lt_vn_tier_seventh',
  eighth: 'lt_vn_tier_eighth',
} as const;

/** How many numbers a Vietnamese bet type takes, and of how many digits (3 càng: one of three). */
export const vnPickOf = (betType: VnBetTypeName): { count: number; digits: 2 | 3 } => ({
  count: betType === 'xien2' ? 2 : betType === 'xien3' ? 3 : betType === 'xien4' ? 4 : 1,
  digits: betType === 'three_cang' ? 3 : 2,
});

/** A Vietnamese pick as the member reads it: its numbers with their leading zeros ("07-42"). */
export const vnText = (betType: VnBetTypeName, numbers: readonly number[]): string =>
  numbers.map((n) => String(n).padStart(vnPickOf(betType).digits, '0')).join('-');

/** Toggles a two-digit number in a pick of `count`: a single pick is replaced, a full xiên pick takes no more. */
export const toggleVnNumber = (picked: readonly number[], n: number, count: number): number[] =>
  picked.includes(n)
    ? picked.filter((x) => x !== n)
    : count === 1
      ? [n]
      : picked.length < count
        ? [...picked, n].sort((a, b) => a - b)
        : [...picked];

/** `count` different numbers below `max` from a random integer source (quick pick). */
export const vnQuickPick = (count: number, max: number, random: (n: number) => number): number[] => {
  const picked = new Set<number>();
  while (picked.size < count) picked.add(random(max));
  return [...picked].sort((a, b) => a - b);
};
