import type { FieldError, RegionRestriction } from '@tessera/contracts';

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEXTET = /^[0-9a-fA-F]{1,4}$/;

export const isIpv4 = (value: string): boolean => IPV4.test(value);

export const isIpv6 = (value: string): boolean => {
  if (value.length > 45) return false;
  let text = value;
  // An embedded IPv4 tail (::ffff:192.0.2.1) stands for the last two groups.
  const tail = /(?:^|:)((?:\d+\.){3}\d+)$/.exec(text);
  if (tail?.[1]) {
    if (!isIpv4(tail[1])) return false;
    text = `${text.slice(0, text.length - tail[1].length)}0:0`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groupsOf = (half: string): string[] => (half === '' ? [] : half.split(':'));
  if (halves.length === 2) {
    const groups = [...groupsOf(halves[0] ?? ''), ...groupsOf(halves[1] ?? '')];
    return groups.length <= 7 && groups.every((group) => HEXTET.test(group));
  }
  const groups = text.split(':');
  return groups.length === 8 && groups.every((group) => HEXTET.test(group));
};

/** A single IPv4 or IPv6 address, or a CIDR range such as `203.0.113.0/24` or `2001:db8::/32`. */
export const isIpOrCidr = (value: string): boolean => {
  const [address = '', prefix, extra] = value.trim().split('/');
  if (extra !== undefined) return false;
  const family = isIpv4(address) ? 4 : isIpv6(address) ? 6 : 0;
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
};

const rangeLists = ['allowedIpRanges', 'blockedIpRanges'] as const;

/**
 * Field errors for IP ranges that are not real addresses or CIDRs. The contract's pattern only checks the
 * characters (it lets `abc` through), and the server skips ranges it cannot parse, so a typo would silently
 * protect nothing: the back office refuses it before saving.
 */
export const checkIpRanges = (region: Pick<RegionRestriction, (typeof rangeLists)[number]>): FieldError[] =>
  rangeLists.flatMap((list) =>
    region[list].flatMap((value, index) =>
      value.trim() === '' || isIpOrCidr(value) ? [] : [{ path: `region.${list}.${index}`, code: 'field_invalid' }],
    ),
  );
