import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRegionRestricted, isUnderMaintenance } from './site-access';

const open = { allowedCountries: [], blockedCountries: [], allowedIpRanges: [], blockedIpRanges: [] };

describe('isRegionRestricted', () => {
  it('lets everyone in when nothing is restricted', () => {
    fc.assert(fc.property(fc.ipV4(), (ip) => !isRegionRestricted(open, ip, null)));
  });

  it('blocks exactly the addresses inside a blocked range', () => {
    const region = { ...open, blockedIpRanges: ['10.20.0.0/16'] };
    fc.assert(fc.property(fc.ipV4(), (ip) => isRegionRestricted(region, ip, null) === ip.startsWith('10.20.')));
  });

  it('matches IPv4-mapped IPv6 callers against IPv4 ranges, and IPv6 ranges too', () => {
    expect(isRegionRestricted({ ...open, blockedIpRanges: ['127.0.0.1'] }, '::ffff:127.0.0.1', null)).toBe(true);
    expect(isRegionRestricted({ ...open, blockedIpRanges: ['2001:db8::/32'] }, '2001:db8::5', null)).toBe(true);
    expect(isRegionRestricted({ ...open, blockedIpRanges: ['2001:db8::/32'] }, '2001:db9::5', null)).toBe(false);
  });

  it('always lets in an allowed range, whatever else blocks', () => {
    const region = { ...open, allowedIpRanges: ['1.2.3.4'], blockedIpRanges: ['1.2.3.0/24'], blockedCountries: ['US'] };
    expect(isRegionRestricted(region, '1.2.3.4', 'US')).toBe(false);
    expect(isRegionRestricted(region, '1.2.3.5', null)).toBe(true);
  });

  it('with an allowed-country list, blocks other and unknown countries', () => {
    const region = { ...open, allowedCountries: ['SG', 'MY'] };
    expect(isRegionRestricted(region, '8.8.8.8', 'SG')).toBe(false);
    expect(isRegionRestricted(region, '8.8.8.8', 'US')).toBe(true);
    expect(isRegionRestricted(region, '8.8.8.8', null)).toBe(true);
  });

  it('ignores a caller address that is not an IP', () => {
    expect(isRegionRestricted({ ...open, blockedIpRanges: ['0.0.0.0/0'] }, 'unknown', null)).toBe(false);
  });
});

describe('isUnderMaintenance', () => {
  const window = { enabled: false, startAt: '2026-01-01T00:00:00Z', endAt: '2026-01-01T02:00:00Z' };
  it('is on while switched on, whatever the window', () => {
    expect(isUnderMaintenance({ enabled: true, startAt: null, endAt: null }, new Date())).toBe(true);
  });
  it('is on inside the window, start inclusive and end exclusive', () => {
    expect(isUnderMaintenance(window, new Date('2025-12-31T23:59:59Z'))).toBe(false);
    expect(isUnderMaintenance(window, new Date('2026-01-01T00:00:00Z'))).toBe(true);
    expect(isUnderMaintenance(window, new Date('2026-01-01T01:59:59Z'))).toBe(true);
    expect(isUnderMaintenance(window, new Date('2026-01-01T02:00:00Z'))).toBe(false);
  });
});
