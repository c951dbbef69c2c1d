import { revealCustomerServicePath, type SystemStatusValue } from '@tessera/contracts';

export type CustomerServiceEntry = SystemStatusValue['info']['customerService'][number];

export interface CustomerServiceLink {
  csType: string;
  title: string;
  url: string;
  /** Served by the merchant's own site (the built-in live chat): opened on the site the member is on. */
  isOwnSite: boolean;
}

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Entries whose obfuscated path decodes to a web address; an undecodable one is left out, never opened. An entry on
 * one of the merchant's own sites (its mirror lines, or this one) is moved onto the site the member is on, where
 * its session is (the built-in live chat needs the member signed in).
 */
export const customerServiceLinksOf = (
  info: { customerService: readonly CustomerServiceEntry[]; domainRoute: readonly { url: string }[] },
  siteOrigin: string = window.location.origin,
): CustomerServiceLink[] => {
  const ownOrigins = new Set([siteOrigin, ...info.domainRoute.flatMap((line) => originOf(line.url) ?? [])]);
  return info.customerService.flatMap((entry) => {
    const url = revealCustomerServicePath(entry.path);
    const origin = url ? originOf(url) : null;
    if (!url || !origin) return [];
    const isOwnSite = ownOrigins.has(origin);
    const shown = isOwnSite ? new URL(url.slice(origin.length) || '/', siteOrigin).href : url;
    return [{ csType: entry.csType, title: entry.title, url: shown, isOwnSite }];
  });
};

/** The entry of the requested type, else the first one (api-facts 3). */
export const pickCustomerService = (
  links: readonly CustomerServiceLink[],
  csType?: string,
): CustomerServiceLink | null => links.find((link) => link.csType === csType) ?? links[0] ?? null;

/**
 * Entries a closed site can still offer (maintenance, region block): those served elsewhere. An entry on the
 * merchant's own site (the built-in live chat) is closed with the rest of the site.
 */
export const linksOutsideSite = (links: readonly CustomerServiceLink[]): CustomerServiceLink[] =>
  links.filter((link) => !link.isOwnSite);

/** Opens customer service in its own small window, as the platform always has. */
export const openCustomerService = (link: CustomerServiceLink): void => {
  window.open(link.url, 'service', 'width=440,height=750');
};
