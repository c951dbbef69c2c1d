import { describe, expect, it } from 'vitest';
import { qrScalesOf } from './qr-options';

describe('qrScalesOf', () => {
  it('keeps scales between 0 and 1', () => {
    expect(qrScalesOf({ logoScale: 0.25, dotScale: 0.9 })).toEqual({ logoScale: 0.25, dotScale: 0.9 });
    expect(qrScalesOf({ logoScale: 1, dotScale: 1 })).toEqual({ logoScale: 1, dotScale: 1 });
  });

  it('falls back to 0.2 for a logo and 0.35 for dots outside 0 to 1', () => {
    expect(qrScalesOf({ logoScale: 0, dotScale: 0 })).toEqual({ logoScale: 0.2, dotScale: 0.35 });
    expect(qrScalesOf({ logoScale: 1.5, dotScale: -2 })).toEqual({ logoScale: 0.2, dotScale: 0.35 });
    expect(qrScalesOf({ logoScale: Number.NaN })).toEqual({ logoScale: 0.2, dotScale: 1 });
  });

  it('draws no logo and full dots when unset', () => {
    expect(qrScalesOf({})).toEqual({ logoScale: undefined, dotScale: 1 });
  });
});
