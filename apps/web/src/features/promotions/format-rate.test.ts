import { describe, expect, it } from 'vitest';
import { formatRate, rateFraction } from './format-rate';

describe('rebate rates on screen', () => {
  it('turns the wire percentage into its exact fraction', () => {
    expect(rateFraction('0.80')).toBe('0.0080');
    expect(rateFraction('1.25')).toBe('0.0125');
    expect(rateFraction('0.0001')).toBe('0.000001');
    expect(rateFraction('10.00')).toBe('0.1000');
    expect(rateFraction('0.00')).toBe('0.0000');
  });

  it('writes it in the reader’s language with every decimal the rate has', () => {
    expect(formatRate('0.80', 'EN')).toBe('0.8%');
    expect(formatRate('0.125', 'EN')).toBe('0.125%');
    expect(formatRate('0.0001', 'EN')).toBe('0.0001%');
    // Intl separates the sign by a no-break space of its own choosing.
    const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
    expect(spaced(formatRate('1.50', 'DE'))).toBe('1,5 %');
    expect(spaced(formatRate('10.00', 'FR'))).toBe('10 %');
  });
});
