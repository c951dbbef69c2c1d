import { describe, expect, it } from 'vitest';
import {
  diceChance,
  diceMultiplier,
  formatMultiplier,
  payoutOf,
  plinkoPath,
  scaleStake,
  shouldStopAutoBet,
} from './game-logic';

describe('in-house game helpers', () => {
  it('shows exact multipliers rounded down to hundredths', () => {
    expect(formatMultiplier({ numerator: 9, denominator: 8 })).toBe('1.12');
    expect(formatMultiplier({ numerator: 9900, denominator: 4950 })).toBe('2.00');
    expect(formatMultiplier({ numerator: 0, denominator: 1 })).toBe('0.00');
  });

  it('halves and doubles a stake within the limits', () => {
    const limits = { minStake: '0.10', maxStake: '1000.00' };
    expect(scaleStake('1.00', 2, limits, 'USD')).toBe('2.00');
    expect(scaleStake('0.15', 0.5, limits, 'USD')).toBe('0.10');
    expect(scaleStake('800', 2, limits, 'USD')).toBe('1000.00');
    expect(scaleStake('abc', 2, limits, 'USD')).toBe('0.10');
  });

  it('computes dice odds and the payout the server pays', () => {
    expect(diceChance(5000, 'under')).toBe(50);
    expect(diceChance(4999, 'over')).toBe(50);
    expect(diceMultiplier(5000, 'under')).toEqual({ numerator: 9900, denominator: 5000 });
    expect(payoutOf('1.00', { numerator: 9900, denominator: 5000 }, 'USD')).toBe('1.98');
  });

  it('stops auto-bet on count, profit or loss', () => {
    const limits = { stopOnProfit: 500n, stopOnLoss: 300n };
    expect(shouldStopAutoBet({ roundsLeft: 3, profit: 0n }, limits)).toBe(false);
    expect(shouldStopAutoBet({ roundsLeft: 0, profit: 0n }, limits)).toBe(true);
    expect(shouldStopAutoBet({ roundsLeft: 3, profit: 500n }, limits)).toBe(true);
    expect(shouldStopAutoBet({ roundsLeft: 3, profit: -300n }, limits)).toBe(true);
    expect(shouldStopAutoBet({ roundsLeft: 3, profit: -300n }, { stopOnProfit: 0n, stopOnLoss: 0n })).toBe(false);
  });

  it('draws the plinko path to the slot the bounces give', () => {
    const path = plinkoPath([1, 1, 0, 1]);
    // Three rights of four rows: slot 3, whose centre is 3 - 4/2 = 1 peg gap right of the board's centre.
    expect(path.at(-1)).toEqual({ x: 1, y: 4 });
    expect(path).toHaveLength(6);
  });
});
