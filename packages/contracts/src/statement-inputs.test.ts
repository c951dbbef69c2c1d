import { describe, expect, it } from 'vitest';
import { orderedInputs } from './agent-contracts';

describe("a statement's inputs", () => {
  it('come in reading order whatever order the stored JSON kept, unknown ones last by name', () => {
    // PostgreSQL's jsonb keeps keys shortest first: how a dividend statement comes back.
    const stored = {
      to: '2026-11-30',
      from: '2026-11-30',
      loss: '500',
      zeta: 2,
      rounds: 1,
      alpha: 'x',
      validBet: '500',
      activeMembers: 1,
      leftOutMembers: 1,
    };
    expect(orderedInputs(stored).map(([name]) => name)).toEqual([
      'from',
      'to',
      'validBet',
      'loss',
      'activeMembers',
      'rounds',
      'leftOutMembers',
      'alpha',
      'zeta',
    ]);
    expect(orderedInputs({})).toEqual([]);
  });
});
