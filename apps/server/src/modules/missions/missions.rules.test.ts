import { missionCategories, missionKinds } from '@tessera/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  advance,
  earlierPeriodKey,
  type MissionFact,
  maskName,
  mondayOf,
  type ProgressState,
  periodBounds,
  periodKeyOf,
} from './missions.rules';

/** The mission rules (decision 0096): progress never passes the target, completes once, and a day counts once. */

const day = fc
  .integer({ min: 0, max: 3000 })
  .map((offset) => new Date(Date.UTC(2024, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10));
const fact: fc.Arbitrary<MissionFact> = fc.oneof(
  fc.record({
    type: fc.constant('bet' as const),
    gameType: fc.constantFrom('LIVE', 'RNG', 'PVP', 'LOTT', 'SPORTS', 'INHOUSE', 'FISH', 'UNKNOWN'),
    betAmount: fc.bigInt({ min: 0n, max: 10n ** 9n }),
    validBet: fc.bigInt({ min: 0n, max: 10n ** 9n }),
  }),
  fc.record({ type: fc.constant('deposit' as const), amount: fc.bigInt({ min: 0n, max: 10n ** 9n }) }),
  fc.record({ type: fc.constant('login' as const), day }),
);

describe('advance', () => {
  it('never passes the target, never goes back, and reports one completion for any sequence of facts', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...missionKinds),
        fc.constantFrom(...missionCategories),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        fc.array(fact, { maxLength: 60 }),
        (kind, category, target, facts) => {
          let state: ProgressState = { progress: 0n, target, lastDay: null };
          let completions = 0;
          for (const next of facts) {
            const step = advance(kind, category, state, next);
            if (!step) continue;
            expect(step.progress).toBeGreaterThan(state.progress);
            expect(step.progress).toBeLessThanOrEqual(target);
            expect(step.completes).toBe(step.progress === target);
            if (step.completes) completions += 1;
            state = { ...state, progress: step.progress, lastDay: step.lastDay };
          }
          expect(completions).toBe(state.progress === target ? 1 : 0);
        },
      ),
    );
  });

  it('counts each login day once, however many logins and in whatever order they arrive', () => {
    fc.assert(
      fc.property(fc.array(day, { maxLength: 40 }), (days) => {
        const sorted = [...days].sort();
        let state: ProgressState = { progress: 0n, target: 10_000n, lastDay: null };
        for (const loginDay of sorted) {
          const step = advance('login_days', 'all', state, { type: 'login', day: loginDay });
          if (step) state = { ...state, progress: step.progress, lastDay: step.lastDay };
        }
        expect(state.progress).toBe(BigInt(new Set(days).size));
      }),
    );
  });

  it('counts only what the mission asks for', () => {
    const start: ProgressState = { progress: 0n, target: 1_000n, lastDay: null };
    const live = { type: 'bet', gameType: 'LIVE', betAmount: 500n, validBet: 400n } as const;
    expect(advance('rounds', 'all', start, live)?.progress).toBe(1n);
    expect(advance('rounds', 'rng', start, live)).toBeNull();
    expect(advance('rounds', 'all', start, { ...live, betAmount: 0n })).toBeNull();
    expect(advance('valid_bet', 'live', start, live)?.progress).toBe(400n);
    expect(advance('valid_bet', 'live', start, { ...live, validBet: 0n })).toBeNull();
    expect(advance('deposit', 'all', start, live)).toBeNull();
    expect(advance('deposit', 'all', start, { type: 'deposit', amount: 2_000n })).toEqual({
      progress: 1_000n,
      lastDay: null,
      completes: true,
    });
    expect(advance('login_days', 'all', start, { type: 'deposit', amount: 5n })).toBeNull();
    expect(advance('rounds', 'all', { ...start, progress: 1_000n }, live)).toBeNull();
  });
});

describe('periods', () => {
  it("keys a moment by the merchant's day and the week's Monday", () => {
    // 2026-11-29 20:30 UTC is already Monday 30 November in Singapore (UTC+8).
    const at = new Date('2026-11-29T20:30:00Z');
    expect(periodKeyOf('daily', 'Asia/Singapore', at)).toBe('2026-11-30');
    expect(periodKeyOf('weekly', 'Asia/Singapore', at)).toBe('2026-11-30');
    expect(periodKeyOf('daily', 'UTC', at)).toBe('2026-11-29');
    expect(periodKeyOf('weekly', 'UTC', at)).toBe('2026-11-23');
    expect(periodKeyOf('once', 'UTC', at)).toBe('once');
    expect(earlierPeriodKey('weekly', 'UTC', at, 1)).toBe('2026-11-16');
    expect(periodBounds('daily', '2026-11-30', 'Asia/Singapore')).toEqual({
      startsAt: new Date('2026-11-29T16:00:00Z'),
      endsAt: new Date('2026-11-30T16:00:00Z'),
    });
  });

  it('puts every day in the week that starts on its Monday, within six days', () => {
    fc.assert(
      fc.property(day, (date) => {
        const monday = mondayOf(date);
        expect(new Date(`${monday}T00:00:00Z`).getUTCDay()).toBe(1);
        const gap = (Date.parse(`${date}T00:00:00Z`) - Date.parse(`${monday}T00:00:00Z`)) / 86_400_000;
        expect(gap).toBeGreaterThanOrEqual(0);
        expect(gap).toBeLessThanOrEqual(6);
      }),
    );
  });
});

describe('maskName', () => {
  it('keeps only the ends of a username', () => {
    expect(maskName('alexander')).toBe('al***r');
    expect(maskName('bob')).toBe('b***b');
    expect(maskName('ab')).toBe('a***');
    expect(maskName('msba')).not.toContain('msba');
  });
});
