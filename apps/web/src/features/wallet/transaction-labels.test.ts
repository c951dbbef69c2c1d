import { describe, expect, it } from 'vitest';
import { promoReasonOf } from './transaction-labels';

describe("a promotional win's reason", () => {
  it('is read from its reference {provider}:{reason}:{campaign}, one of the protocol reasons only', () => {
    expect(promoReasonOf('DEMO:tournament:tn-1')).toBe('tournament');
    expect(promoReasonOf('DEMO:free_spins:spring')).toBe('free_spins');
    expect(promoReasonOf('DEMO:prize_drop:x:y')).toBe('prize_drop');
    expect(promoReasonOf('DEMO:gift:x')).toBeNull();
    expect(promoReasonOf('DEMO')).toBeNull();
    expect(promoReasonOf(null)).toBeNull();
  });
});
