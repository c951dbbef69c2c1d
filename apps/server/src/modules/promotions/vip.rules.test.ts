import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  evaluateVip,
  inLanguage,
  type LevelRequirements,
  levelAboveRank,
  levelAtRank,
  progressPercent,
  reachedRank,
  type VipTotals,
} from './vip.rules';

const level = (rankLevel: number, deposits: number, bets: number): LevelRequirements => ({
  rankLevel,
  depositRequirement: BigInt(deposits),
  validBetRequirement: BigInt(bets),
});
const totals = (deposits: number, validBets: number): VipTotals => ({
  deposits: BigInt(deposits),
  validBets: BigInt(validBets),
});

/** A ladder of 0..8 levels, ranks 1..N, each requirement drawn freely (not necessarily rising). */
const ladder = fc
  .array(fc.tuple(fc.bigInt({ min: 0n, max: 10_000n }), fc.bigInt({ min: 0n, max: 10_000n })), { maxLength: 8 })
  .map((requirements) =>
    requirements.map(([depositRequirement, validBetRequirement], index) => ({
      rankLevel: index + 1,
      depositRequirement,
      validBetRequirement,
    })),
  );
const someTotals = fc.record({
  deposits: fc.bigInt({ min: 0n, max: 12_000n }),
  validBets: fc.bigInt({ min: 0n, max: 12_000n }),
});

const ladderOfFive = [
  level(1, 5_000, 10_000),
  level(2, 50_000, 200_000),
  level(3, 200_000, 1_000_000),
  level(4, 1_000_000, 5_000_000),
  level(5, 5_000_000, 25_000_000),
];

describe('the level a member reaches', () => {
  it('is the highest level whose every requirement is met', () => {
    expect(reachedRank(ladderOfFive, totals(0, 0))).toBe(0);
    expect(reachedRank(ladderOfFive, totals(5_000, 9_999))).toBe(0);
    expect(reachedRank(ladderOfFive, totals(5_000, 10_000))).toBe(1);
    // Deposits alone reach level 4; the bets hold the member at 2.
    expect(reachedRank(ladderOfFive, totals(1_000_000, 200_000))).toBe(2);
    expect(reachedRank(ladderOfFive, totals(10 ** 9, 10 ** 9))).toBe(5);
    expect(reachedRank([], totals(10 ** 9, 10 ** 9))).toBe(0);
  });

  it('never falls when deposits or bets grow', () => {
    fc.assert(
      fc.property(ladder, someTotals, someTotals, (levels, a, b) => {
        const more = { deposits: a.deposits + b.deposits, validBets: a.validBets + b.validBets };
        expect(reachedRank(levels, more)).toBeGreaterThanOrEqual(reachedRank(levels, a));
      }),
    );
  });
});

describe('one evaluation', () => {
  it('keeps a level once reached when the totals later fall short of it', () => {
    expect(evaluateVip(ladderOfFive, totals(0, 0), 3)).toEqual({ rankLevel: 3, newlyReached: [] });
  });

  it('grants every level skipped in one step, lowest first', () => {
    const { rankLevel, newlyReached } = evaluateVip(ladderOfFive, totals(200_000, 1_000_000), 0);
    expect(rankLevel).toBe(3);
    expect(newlyReached.map((l) => l.rankLevel)).toEqual([1, 2, 3]);
    expect(evaluateVip(ladderOfFive, totals(200_000, 1_000_000), 1).newlyReached.map((l) => l.rankLevel)).toEqual([
      2, 3,
    ]);
  });

  it('ranks at the higher of the kept and the reached level, and grants exactly the levels between them', () => {
    fc.assert(
      fc.property(ladder, someTotals, fc.integer({ min: 0, max: 9 }), (levels, now, kept) => {
        const reached = reachedRank(levels, now);
        const { rankLevel, newlyReached } = evaluateVip(levels, now, kept);
        expect(rankLevel).toBe(Math.max(kept, reached));
        expect(newlyReached.map((l) => l.rankLevel)).toEqual(
          levels.filter((l) => l.rankLevel > kept && l.rankLevel <= reached).map((l) => l.rankLevel),
        );
      }),
    );
  });

  it('grants nothing more when evaluated again from its own result', () => {
    fc.assert(
      fc.property(ladder, someTotals, fc.integer({ min: 0, max: 9 }), (levels, now, kept) => {
        const first = evaluateVip(levels, now, kept);
        expect(evaluateVip(levels, now, first.rankLevel)).toEqual({ rankLevel: first.rankLevel, newlyReached: [] });
      }),
    );
  });

  it('over any history of totals, grants each level at most once and, together, the same as one evaluation at the end', () => {
    fc.assert(
      fc.property(ladder, fc.array(someTotals, { minLength: 1, maxLength: 12 }), (levels, history) => {
        let kept = 0;
        const granted: number[] = [];
        let best = 0;
        for (const now of history) {
          const step = evaluateVip(levels, now, kept);
          granted.push(...step.newlyReached.map((l) => l.rankLevel));
          kept = step.rankLevel;
          best = Math.max(best, reachedRank(levels, now));
        }
        expect(new Set(granted).size).toBe(granted.length);
        expect([...granted].sort((a, b) => a - b)).toEqual(
          levels.filter((l) => l.rankLevel <= best).map((l) => l.rankLevel),
        );
        expect(kept).toBe(best);
      }),
    );
  });
});

describe('where a rank stands on the ladder', () => {
  it('shows the highest level at or below the rank, and the lowest above it as the next', () => {
    const withoutTop = ladderOfFive.slice(0, 4);
    expect(levelAtRank(withoutTop, 5)?.rankLevel).toBe(4);
    expect(levelAtRank(withoutTop, 0)).toBeNull();
    expect(levelAboveRank(withoutTop, 0)?.rankLevel).toBe(1);
    expect(levelAboveRank(withoutTop, 2)?.rankLevel).toBe(3);
    expect(levelAboveRank(withoutTop, 4)).toBeNull();
  });

  it('measures progress from 0 to 100, rounded down, a requirement of nothing being met', () => {
    expect(progressPercent(0n, 5_000n)).toBe(0);
    expect(progressPercent(4_999n, 5_000n)).toBe(99);
    expect(progressPercent(5_000n, 5_000n)).toBe(100);
    expect(progressPercent(9_000n, 5_000n)).toBe(100);
    expect(progressPercent(0n, 0n)).toBe(100);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.bigInt({ min: 1n, max: 10n ** 15n }), (a, b) => {
        const percent = progressPercent(a, b);
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
        expect(percent === 100).toBe(a >= b);
      }),
    );
  });

  it('names a level in the asked language, else the merchant’s default, else any it has', () => {
    expect(inLanguage({ EN: 'Gold', CN: '黄金' }, 'CN', 'EN')).toBe('黄金');
    expect(inLanguage({ EN: 'Gold', CN: '黄金' }, 'AR', 'EN')).toBe('Gold');
    expect(inLanguage({ CN: '黄金' }, 'AR', 'EN')).toBe('黄金');
    expect(inLanguage({}, 'AR', 'EN')).toBeUndefined();
  });
});
