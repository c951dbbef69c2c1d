import { describe, expect, it } from 'vitest';
import { insertionIndexOf, startingLimitsOf } from './withdrawal-methods';

describe('withdrawal methods in the settings form', () => {
  it('inserts a newly offered kind at its place in the platform order', () => {
    expect(insertionIndexOf([], 'crypto')).toBe(0);
    expect(insertionIndexOf([{ kind: 'bank_account' }, { kind: 'mobile' }], 'crypto')).toBe(1);
    expect(insertionIndexOf([{ kind: 'e_wallet' }], 'bank_account')).toBe(0);
    expect(insertionIndexOf([{ kind: 'bank_account' }, { kind: 'e_wallet' }], 'mobile')).toBe(2);
  });

  it('starts a kind at the platform’s default limits', () => {
    expect(startingLimitsOf('mobile')).toEqual({ kind: 'mobile', minAmount: '10', maxAmount: '5000' });
  });
});
