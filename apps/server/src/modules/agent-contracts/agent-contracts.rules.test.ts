import { contractTermsSchema } from '@tessera/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyRate,
  blockedDuring,
  daysOf,
  leftOutMembers,
  matchTier,
  periodAmount,
  periodAt,
  realtimeAmount,
  realtimeShare,
  type Tier,
  withoutLeftOut,
} from './agent-contracts.rules';

const money = fc.bigInt({ min: 0n, max: 10n ** 12n });
const rate = fc.integer({ min: 0, max: 10_000 });

/** Ordered tiers: thresholds never lower than the tier before, rates strictly higher. */
const tiersArb = fc
  .array(
    fc.record({
      bet: money,
      loss: money,
      members: fc.integer({ min: 0, max: 50 }),
      rate: fc.integer({ min: 1, max: 500 }),
    }),
    {
      minLength: 1,
      maxLength: 6,
    },
  )
  .map((steps) => {
    let validBet = 0n;
    let loss = 0n;
    let activeMembers = 0;
    let rateBp = 0;
    return steps.map((step) => {
      validBet += step.bet;
      loss += step.loss;
      activeMembers += step.members;
      rateBp += step.rate;
      return { validBet, loss, activeMembers, rateBp } satisfies Tier;
    });
  });

const inputsArb = fc.record({
  validBet: fc.bigInt({ min: 0n, max: 10n ** 13n }),
  loss: fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }),
  activeMembers: fc.integer({ min: 0, max: 400 }),
});

/** The plain model: look at every tier, keep the best rate met; pay rate × base / 10000 rounded down. */
const model = (
  kind: 'dividend' | 'daily' | 'hourly',
  tiers: Tier[],
  inputs: typeof inputsArb extends fc.Arbitrary<infer T> ? T : never,
) => {
  const met = tiers
    .map((tier, index) => ({ tier, index }))
    .filter(
      ({ tier }) =>
        inputs.validBet >= tier.validBet &&
        inputs.activeMembers >= tier.activeMembers &&
        (kind !== 'dividend' || inputs.loss >= tier.loss),
    );
  const best = met.at(-1);
  if (!best) return { tier: null, amount: 0n };
  const base = kind === 'dividend' ? inputs.loss : inputs.validBet;
  const exact = Number(base) * (best.tier.rateBp / 10_000);
  return { tier: best.index, amount: base > 0n ? (base * BigInt(best.tier.rateBp)) / 10_000n : 0n, exact };
};

describe('tier matching and period amounts', () => {
  it('agree with the plain model for every kind, never pay more than the tier says, round once', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('dividend', 'daily', 'hourly' as const),
        tiersArb,
        inputsArb,
        (kind, tiers, inputs) => {
          const result = periodAmount(kind, tiers, inputs);
          const expected = model(kind, tiers, inputs);
          expect(result.tier).toBe(expected.tier);
          expect(result.amount).toBe(expected.amount);
          if (result.tier !== null) {
            const base = kind === 'dividend' ? inputs.loss : inputs.validBet;
            const rateBp = (tiers[result.tier] as Tier).rateBp;
            // Never above the exact product, and less than one minor unit below it.
            if (base > 0n) {
              expect(result.amount * 10_000n).toBeLessThanOrEqual(base * BigInt(rateBp));
              expect(base * BigInt(rateBp) - result.amount * 10_000n).toBeLessThan(10_000n);
            } else expect(result.amount).toBe(0n);
          } else expect(result.amount).toBe(0n);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a team that won pays no dividend; more valid bet never lowers a salary tier', () => {
    fc.assert(
      fc.property(tiersArb, inputsArb, fc.bigInt({ min: 0n, max: 10n ** 12n }), (tiers, inputs, more) => {
        if (inputs.loss <= 0n) expect(periodAmount('dividend', tiers, inputs).amount).toBe(0n);
        const before = matchTier(tiers, inputs, 'daily');
        const after = matchTier(tiers, { ...inputs, validBet: inputs.validBet + more }, 'daily');
        expect((after ?? -1) >= (before ?? -1)).toBe(true);
      }),
    );
  });

  it('applyRate rounds down and pays nothing on nothing', () => {
    expect(applyRate(999n, 100)).toBe(9n);
    expect(applyRate(0n, 100)).toBe(0n);
    expect(applyRate(-5n, 100)).toBe(0n);
  });
});

describe('real-time salary', () => {
  it('sums the rounds exactly and rounds once per window, against a plain model', () => {
    const roundArb = fc.record({
      betAmount: fc.bigInt({ min: 0n, max: 10n ** 9n }),
      payout: fc.bigInt({ min: 0n, max: 10n ** 10n }),
    });
    fc.assert(
      fc.property(
        fc.array(roundArb, { maxLength: 60 }),
        rate,
        rate,
        fc.bigInt({ min: 0n, max: 10n ** 6n }),
        (rounds, winBp, lossBp, minBet) => {
          const shares = rounds
            .map((r) => realtimeShare({ ...r, validBet: r.betAmount }, { winBp, lossBp, minBet }))
            .filter((s): s is bigint => s !== null);
          let exactNumerator = 0n;
          for (const r of rounds) {
            if (r.betAmount <= 0n || r.betAmount < minBet) continue;
            exactNumerator += r.betAmount * BigInt(r.payout > r.betAmount ? winBp : lossBp);
          }
          const amount = realtimeAmount(shares);
          expect(amount).toBe(exactNumerator / 10_000n);
          // Rounding per round would lose up to a unit per round; once per window loses less than one unit.
          expect(exactNumerator - amount * 10_000n).toBeLessThan(10_000n);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('skips rounds under the single-bet minimum and rounds without a valid bet', () => {
    expect(
      realtimeShare({ validBet: 100n, betAmount: 100n, payout: 0n }, { winBp: 10, lossBp: 20, minBet: 101n }),
    ).toBe(null);
    expect(realtimeShare({ validBet: 0n, betAmount: 100n, payout: 0n }, { winBp: 10, lossBp: 20, minBet: 0n })).toBe(
      null,
    );
    expect(
      realtimeShare({ validBet: 100n, betAmount: 100n, payout: 300n }, { winBp: 10, lossBp: 20, minBet: 0n }),
    ).toBe(1000n);
    expect(
      realtimeShare({ validBet: 100n, betAmount: 100n, payout: 100n }, { winBp: 10, lossBp: 20, minBet: 0n }),
    ).toBe(2000n);
  });
});

describe('periods', () => {
  it('every instant lies in its period, and periods tile time without gaps', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('D', 'W', 'H', 'M', 'hour', 'window' as const),
        fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }),
        (kind, at) => {
          const p = periodAt(kind, at);
          expect(p.start.getTime()).toBeLessThanOrEqual(at.getTime());
          expect(p.end.getTime()).toBeGreaterThan(at.getTime());
          const next = periodAt(kind, p.end);
          expect(next.start.getTime()).toBe(p.end.getTime());
        },
      ),
    );
  });

  it('half-months split on the 16th, weeks start on Monday, days are UTC', () => {
    expect(periodAt('H', new Date('2026-02-20T10:00:00Z'))).toEqual({
      start: new Date('2026-02-16T00:00:00Z'),
      end: new Date('2026-03-01T00:00:00Z'),
    });
    expect(periodAt('W', new Date('2026-11-29T10:00:00Z')).start.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(daysOf(periodAt('W', new Date('2026-11-29T10:00:00Z')))).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });
});

describe('terms', () => {
  const tier = (betAmount: string, rate: string) => ({ betAmount, activeMembers: 1, rate });
  it('refuses tiers out of order, more than 6 tiers, rates outside 0..100 and unknown periods, each with its code', () => {
    const codes = (input: unknown) => {
      const parsed = contractTermsSchema.safeParse(input);
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    };
    expect(codes({ kind: 'daily', tiers: [tier('100', '1'), tier('50', '2')] })).toContain(
      'contract_tiers_out_of_order',
    );
    expect(codes({ kind: 'daily', tiers: [tier('100', '2'), tier('200', '1')] })).toContain(
      'contract_tiers_out_of_order',
    );
    expect(
      codes({ kind: 'daily', tiers: Array.from({ length: 7 }, (_, i) => tier(String(i * 10), String(i + 1))) }),
    ).toContain('contract_too_many_tiers');
    expect(codes({ kind: 'daily', tiers: [tier('100', '101')] })).toContain('contract_rate_invalid');
    expect(codes({ kind: 'daily', tiers: [tier('100', '-1')] })).toContain('contract_rate_invalid');
    expect(
      codes({ kind: 'dividend', period: 'X', tiers: [{ validBet: '0', loss: '0', activeMembers: 0, rate: '1' }] }),
    ).toContain('contract_period_invalid');
    expect(codes({ kind: 'daily', tiers: [tier('100', '1'), tier('200', '1.5')] })).toEqual([]);
  });
});

describe('members on a break or self-excluded (decision 0110)', () => {
  const day = { start: new Date('2026-11-30T00:00:00Z'), end: new Date('2026-12-01T00:00:00Z') };
  const at = (text: string) => new Date(text);

  it('leaves out a member blocked at any moment of the period, and only then', () => {
    // Mid-period, a break: left out for the whole period, the rounds before it too.
    expect(blockedDuring({ startsAt: at('2026-11-30T12:00:00Z'), endsAt: at('2026-12-01T12:00:00Z') }, day)).toBe(true);
    // A break that ended during the period, one that started before and runs on, a permanent exclusion.
    expect(blockedDuring({ startsAt: at('2026-11-29T12:00:00Z'), endsAt: at('2026-11-30T00:00:01Z') }, day)).toBe(true);
    expect(blockedDuring({ startsAt: at('2026-11-01T00:00:00Z'), endsAt: at('2027-05-01T00:00:00Z') }, day)).toBe(true);
    expect(blockedDuring({ startsAt: at('2020-01-01T00:00:00Z'), endsAt: null }, day)).toBe(true);
    // The last millisecond of the period counts; the boundaries themselves belong to the neighbours.
    expect(blockedDuring({ startsAt: at('2026-11-30T23:59:59.999Z'), endsAt: null }, day)).toBe(true);
    expect(blockedDuring({ startsAt: at('2026-12-01T00:00:00Z'), endsAt: null }, day)).toBe(false);
    expect(blockedDuring({ startsAt: at('2026-11-29T00:00:00Z'), endsAt: at('2026-11-30T00:00:00Z') }, day)).toBe(
      false,
    );
  });

  it('agrees with a plain model on random blocks and periods', () => {
    const ms = fc.integer({ min: 0, max: 10_000 });
    fc.assert(
      fc.property(ms, fc.option(ms, { nil: null }), ms, fc.integer({ min: 1, max: 5_000 }), (s, e, p, len) => {
        const startsAt = new Date(s);
        const endsAt = e === null ? null : new Date(s + e + 1);
        const period = { start: new Date(p), end: new Date(p + len) };
        // Some millisecond m with p <= m < p + len lies in [s, end).
        let model = false;
        for (let m = p; m < p + len && !model; m += 1) model = m >= s && (endsAt === null || m < endsAt.getTime());
        expect(blockedDuring({ startsAt, endsAt }, period)).toBe(model);
      }),
      { numRuns: 300 },
    );
  });

  it('names each blocked member once, in order', () => {
    const blocks = [
      { memberId: 'c', startsAt: at('2026-11-30T01:00:00Z'), endsAt: null },
      { memberId: 'a', startsAt: at('2026-11-30T02:00:00Z'), endsAt: at('2026-11-30T03:00:00Z') },
      { memberId: 'a', startsAt: at('2026-11-30T05:00:00Z'), endsAt: at('2026-11-30T06:00:00Z') },
      { memberId: 'b', startsAt: at('2026-11-20T00:00:00Z'), endsAt: at('2026-11-21T00:00:00Z') },
    ];
    expect(leftOutMembers(blocks, day)).toEqual(['a', 'c']);
    expect(leftOutMembers([], day)).toEqual([]);
  });

  it("takes the left-out members' figures out of the team's, which can move the tier", () => {
    const team = { validBet: 35_000n, loss: 33_000n, activeMembers: 3 };
    const inputs = withoutLeftOut(team, { validBet: 20_000n, loss: 20_000n, activeMembers: 1 });
    expect(inputs).toEqual({ validBet: 15_000n, loss: 13_000n, activeMembers: 2 });
    const tiers: Tier[] = [
      { validBet: 0n, loss: 0n, activeMembers: 1, rateBp: 1000 },
      { validBet: 0n, loss: 0n, activeMembers: 3, rateBp: 2000 },
    ];
    expect(periodAmount('dividend', tiers, team)).toEqual({ tier: 1, rateBp: 2000, amount: 6_600n });
    expect(periodAmount('dividend', tiers, inputs)).toEqual({ tier: 0, rateBp: 1000, amount: 1_300n });
    // A left-out member who won turns the team's loss up, not down.
    expect(withoutLeftOut(team, { validBet: 1_000n, loss: -4_000n, activeMembers: 1 }).loss).toBe(37_000n);
    expect(withoutLeftOut(team, { validBet: 0n, loss: 0n, activeMembers: 0 })).toEqual(team);
  });
});
