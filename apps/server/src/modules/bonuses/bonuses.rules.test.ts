import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateValidBet, mayRelease, type OpenBonus, wageringRequirement, withdrawalDecision } from './bonuses.rules';

/**
 * A model of one member's wallets driven by the same rules the service runs (decision 0081): bonuses sit in the
 * bonus wallet; settled bets are staked from the main wallet and their valid bets allocated by `allocateValidBet`;
 * a bonus goes to main only through `mayRelease`; withdrawals pass `withdrawalDecision`. Whatever the sequence,
 * bonus money reaches the main wallet (and so can leave) only once its requirement is wagered.
 */
type Op =
  | { kind: 'grant'; amount: bigint; multiple: number; categories: string[] }
  | { kind: 'bet'; stake: bigint; payout: bigint; category: string; settles: boolean }
  | { kind: 'withdraw'; amount: bigint; confirm: boolean }
  | { kind: 'expire'; index: number };

const CATEGORIES = ['RNG', 'LIVE', 'SPORTS'];
/** Math.min for bigints. */
const smaller = (a: bigint, b: bigint): bigint => {
  if (a < b) return a;
  return b;
};
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('grant' as const),
    amount: fc.bigInt(1n, 5_000n),
    multiple: fc.integer({ min: 0, max: 5 }),
    categories: fc.subarray(CATEGORIES),
  }),
  fc.record({
    kind: fc.constant('bet' as const),
    stake: fc.bigInt(1n, 4_000n),
    payout: fc.bigInt(0n, 8_000n),
    category: fc.constantFrom(...CATEGORIES),
    settles: fc.boolean(), // false: rolled back (stake returned, no valid bet)
  }),
  fc.record({ kind: fc.constant('withdraw' as const), amount: fc.bigInt(1n, 6_000n), confirm: fc.boolean() }),
  fc.record({ kind: fc.constant('expire' as const), index: fc.nat(10) }),
);

interface Model {
  main: bigint;
  bonusWallet: bigint;
  open: (OpenBonus & { amount: bigint })[];
  /** Bonus amounts that reached main, with the wagering each had at that moment. */
  released: { amount: bigint; wagered: bigint; requirement: bigint }[];
  withdrawn: bigint;
  /** Own money in: the starting deposit and net results of bets. */
  own: bigint;
}

const run = (ops: Op[], policy: 'refuse' | 'forfeit', start: bigint): Model => {
  const m: Model = { main: start, bonusWallet: 0n, open: [], released: [], withdrawn: 0n, own: start };
  let next = 0;
  for (const o of ops) {
    if (o.kind === 'grant') {
      const requirement = wageringRequirement({ bonus: o.amount, deposit: 0n, multiple: o.multiple, base: 'bonus' });
      const bonus = { id: `b${next++}`, amount: o.amount, requirement, wagered: 0n, categories: o.categories };
      m.bonusWallet += o.amount;
      if (mayRelease(bonus)) {
        m.bonusWallet -= o.amount;
        m.main += o.amount;
        m.released.push({ amount: o.amount, wagered: 0n, requirement });
      } else m.open.push(bonus);
    } else if (o.kind === 'bet') {
      if (m.main < o.stake) continue; // the ledger refuses a stake above the main wallet
      if (!o.settles) continue; // rolled back: staked and returned, no valid bet
      m.main += o.payout - o.stake;
      m.own += o.payout - o.stake;
      for (const step of allocateValidBet(m.open, o.category, o.stake)) {
        const bonus = m.open.find((b) => b.id === step.id);
        if (!bonus) throw new Error('allocated to an unknown bonus');
        bonus.wagered += step.add;
        if (step.completes) {
          if (!mayRelease(bonus)) throw new Error('completes without its requirement');
          m.bonusWallet -= bonus.amount;
          m.main += bonus.amount;
          m.released.push({ amount: bonus.amount, wagered: bonus.wagered, requirement: bonus.requirement });
          m.open = m.open.filter((b) => b !== bonus);
        }
      }
    } else if (o.kind === 'withdraw') {
      const decision = withdrawalDecision({ openBonuses: m.open.length, policy, forfeitConfirmed: o.confirm });
      if (decision === 'refuse' || decision === 'confirm_forfeit') continue;
      if (decision === 'forfeit_then_proceed') {
        for (const bonus of m.open) m.bonusWallet -= bonus.amount; // to the house
        m.open = [];
      }
      if (m.main < o.amount) continue;
      expect(m.open).toHaveLength(0);
      m.main -= o.amount;
      m.withdrawn += o.amount;
    } else if (m.open.length > 0) {
      const bonus = m.open[o.index % m.open.length] as Model['open'][number];
      m.bonusWallet -= bonus.amount; // expired to the house
      m.open = m.open.filter((b) => b !== bonus);
    }
  }
  return m;
};

describe('the bonus wallet', () => {
  it('never lets bonus money leave before its requirement is met, whatever the bets, wins, rollbacks and withdrawals', () => {
    fc.assert(
      fc.property(
        fc.array(op, { maxLength: 60 }),
        fc.constantFrom('refuse' as const, 'forfeit' as const),
        fc.bigInt(0n, 10_000n),
        (ops, policy, start) => {
          const m = run(ops, policy, start);
          // Every bonus that reached the main wallet had its whole requirement wagered.
          for (const r of m.released) expect(r.wagered).toBe(r.requirement);
          // The bonus wallet holds exactly the open bonuses.
          expect(m.bonusWallet).toBe(m.open.reduce((sum, b) => sum + b.amount, 0n));
          // Money out never exceeds own money plus released bonuses; with none released, only own money left.
          const released = m.released.reduce((sum, r) => sum + r.amount, 0n);
          expect(m.withdrawn + m.main).toBe(m.own + released);
          expect(m.withdrawn).toBeLessThanOrEqual(m.own + released);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('counts each valid bet once, oldest bonus first, only on eligible categories', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            requirement: fc.bigInt(1n, 1_000n),
            wagered: fc.bigInt(0n, 1_000n),
            cats: fc.subarray(CATEGORIES),
          }),
          { maxLength: 6 },
        ),
        fc.constantFrom(...CATEGORIES),
        fc.bigInt(0n, 5_000n),
        (rows, category, bet) => {
          const open = rows.map((r, i) => ({
            id: `b${i}`,
            requirement: r.requirement,
            wagered: smaller(r.wagered, r.requirement),
            categories: r.cats,
          }));
          const steps = allocateValidBet(open, category, bet);
          const total = steps.reduce((sum, s) => sum + s.add, 0n);
          expect(total).toBeLessThanOrEqual(bet);
          for (const step of steps) {
            const bonus = open.find((b) => b.id === step.id) as OpenBonus;
            expect(bonus.categories.length === 0 || bonus.categories.includes(category)).toBe(true);
            expect(step.add).toBeGreaterThan(0n);
            expect(bonus.wagered + step.add).toBeLessThanOrEqual(bonus.requirement);
            expect(step.completes).toBe(bonus.wagered + step.add === bonus.requirement);
          }
          // Nothing is left over while an eligible bonus still needs wagering.
          const eligibleNeed = open
            .filter((b) => b.categories.length === 0 || b.categories.includes(category))
            .reduce((sum, b) => sum + (b.requirement - b.wagered), 0n);
          expect(total).toBe(smaller(bet, eligibleNeed));
        },
      ),
    );
  });

  it('computes the requirement on the bonus or the bonus and deposit', () => {
    expect(wageringRequirement({ bonus: 100n, deposit: 200n, multiple: 10, base: 'bonus' })).toBe(1_000n);
    expect(wageringRequirement({ bonus: 100n, deposit: 200n, multiple: 10, base: 'bonus_deposit' })).toBe(3_000n);
    expect(() => wageringRequirement({ bonus: 0n, deposit: 0n, multiple: 1, base: 'bonus' })).toThrow(RangeError);
  });

  it('refuses a withdrawal with bonuses open, or asks to confirm the forfeit', () => {
    expect(withdrawalDecision({ openBonuses: 0, policy: 'refuse', forfeitConfirmed: false })).toBe('proceed');
    expect(withdrawalDecision({ openBonuses: 1, policy: 'refuse', forfeitConfirmed: true })).toBe('refuse');
    expect(withdrawalDecision({ openBonuses: 2, policy: 'forfeit', forfeitConfirmed: false })).toBe('confirm_forfeit');
    expect(withdrawalDecision({ openBonuses: 2, policy: 'forfeit', forfeitConfirmed: true })).toBe(
      'forfeit_then_proceed',
    );
  });
});
