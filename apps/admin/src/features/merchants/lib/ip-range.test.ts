import { describe, expect, it } from 'vitest';
import { checkIpRanges, isIpOrCidr } from './ip-range';

describe('isIpOrCidr', () => {
  it.each([
    '127.0.0.1',
    '127.0.0.1/32',
    '10.0.0.0/8',
    '0.0.0.0/0',
    '::1',
    '::',
    '2001:db8::/32',
    '2001:0db8:0000:0000:0000:ff00:0042:8329',
    '::ffff:192.0.2.1',
    'fe80::1/128',
  ])('accepts %s', (value) => {
    expect(isIpOrCidr(value)).toBe(true);
  });

  it.each([
    'abc',
    '',
    '256.0.0.1',
    '1.2.3',
    '1.2.3.4/33',
    '1.2.3.4/',
    '1.2.3.4/8/8',
    '2001:db8::/129',
    '1::2::3',
    '1:2:3:4:5:6:7:8:9',
    ':1::',
    '::ffff:999.0.0.1',
    'localhost',
  ])('refuses %s', (value) => {
    expect(isIpOrCidr(value)).toBe(false);
  });
});

describe('checkIpRanges', () => {
  it('names the exact list entry that is not an address or range', () => {
    expect(
      checkIpRanges({ allowedIpRanges: ['10.0.0.0/8'], blockedIpRanges: ['127.0.0.1/32', 'abc', '2001:db8::/200'] }),
    ).toEqual([
      { path: 'region.blockedIpRanges.1', code: 'field_invalid' },
      { path: 'region.blockedIpRanges.2', code: 'field_invalid' },
    ]);
  });

  it('leaves empty entries to the contract schema', () => {
    expect(checkIpRanges({ allowedIpRanges: [''], blockedIpRanges: [] })).toEqual([]);
  });
});
