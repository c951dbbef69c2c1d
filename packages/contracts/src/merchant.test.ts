import { describe, expect, it } from 'vitest';
import { flattenWhitelabel, regionRestrictionSchema } from './merchant';

describe('flattenWhitelabel', () => {
  it('maps each modId to whether it is on, a parent switched off switching off its children', () => {
    const flat = flattenWhitelabel([
      { modId: 'REG3', enabled: '1', childrenNodes: [{ modId: 'USERNAMEREG3', enabled: '1', childrenNodes: [] }] },
      { modId: 'AFFMAN3', enabled: '0', childrenNodes: [{ modId: 'DIVIDEND', enabled: '1', childrenNodes: [] }] },
    ]);
    expect(flat).toEqual({ REG3: true, USERNAMEREG3: true, AFFMAN3: false, DIVIDEND: false });
  });
});

describe('region restriction settings', () => {
  it('accepts IPv4 and IPv6 addresses and CIDR ranges, and refuses anything else', () => {
    const ok = regionRestrictionSchema.safeParse({
      allowedCountries: ['sg'],
      blockedCountries: [],
      allowedIpRanges: ['10.0.0.1', '2001:db8::/32'],
      blockedIpRanges: ['192.168.0.0/16', '::1'],
    });
    expect(ok.success && ok.data.allowedCountries).toEqual(['SG']);
    for (const bad of ['abc', '300.1.1.1', '10.0.0.0/33', 'localhost']) {
      const result = regionRestrictionSchema.safeParse({
        allowedCountries: [],
        blockedCountries: [],
        allowedIpRanges: [],
        blockedIpRanges: [bad],
      });
      expect(result.success, bad).toBe(false);
    }
  });
});
