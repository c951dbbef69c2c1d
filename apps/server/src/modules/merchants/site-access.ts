import { BlockList, isIP } from 'node:net';
import type { MaintenanceSettings, RegionRestriction } from '@tessera/contracts';

const blockListOf = (ranges: readonly string[]): BlockList => {
  const list = new BlockList();
  for (const range of ranges) {
    const [address = '', prefix] = range.split('/');
    const family = isIP(address);
    if (family === 0) continue;
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
};

/** IPv4 callers may arrive as IPv4-mapped IPv6 (::ffff:1.2.3.4); match them against IPv4 ranges. */
const normaliseIp = (ip: string): { address: string; type: 'ipv4' | 'ipv6' } => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return { address: mapped[1], type: 'ipv4' };
  return { address: ip, type: isIP(ip) === 6 ? 'ipv6' : 'ipv4' };
};

const inRanges = (ip: string, ranges: readonly string[]): boolean => {
  if (ranges.length === 0 || isIP(normaliseIp(ip).address) === 0) return false;
  const { address, type } = normaliseIp(ip);
  return blockListOf(ranges).check(address, type);
};

/**
 * Whether the caller is kept out of the site by region. An allowed IP range always lets in; a blocked range
 * or country blocks; a non-empty allowed-country list blocks every other country (and unknown countries).
 */
export const isRegionRestricted = (region: RegionRestriction, ip: string, country: string | null): boolean => {
  if (inRanges(ip, region.allowedIpRanges)) return false;
  if (inRanges(ip, region.blockedIpRanges)) return true;
  if (country !== null && region.blockedCountries.includes(country)) return true;
  if (region.allowedCountries.length > 0) return country === null || !region.allowedCountries.includes(country);
  return false;
};

/** Whether the site is under maintenance at `now`: switched on, or inside the scheduled window. */
export const isUnderMaintenance = (maintenance: MaintenanceSettings, now: Date): boolean => {
  if (maintenance.enabled) return true;
  if (maintenance.startAt === null || maintenance.endAt === null) return false;
  const at = now.getTime();
  return at >= Date.parse(maintenance.startAt) && at < Date.parse(maintenance.endAt);
};

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
};

/**
 * Where links to the member site point: the merchant's mirror line whose host is `requestHost` (the member is on
 * it, and its storage holds their session), else the first line. Always a line the merchant configured, never a
 * Host header as such.
 */
export const siteBaseUrl = (
  settings: { domainRoutes: readonly { url: string }[]; mainDomain: string },
  requestHost?: string,
): string => {
  const host = requestHost?.toLowerCase();
  const own = host ? settings.domainRoutes.find((route) => hostOf(route.url) === host) : undefined;
  return ((own ?? settings.domainRoutes[0])?.url ?? `https://${settings.mainDomain}/`).replace(/\/?$/, '/');
};
