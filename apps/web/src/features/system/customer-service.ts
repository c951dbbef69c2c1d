import { revealCustomerServicePath, type SystemStatusValue } from '@tessera/contracts';

export type CustomerServiceEntry = SystemStatusValue['info']['customerService'][number];

export interface CustomerServiceLink {
  csType: string;
  title: string;
  url: string;
}

/** Entries whose obfuscated path decodes to a web address; an undecodable one is left out, never opened. */
export const customerServiceLinksOf = (entries: readonly CustomerServiceEntry[]): CustomerServiceLink[] =>
  entries.flatMap((entry) => {
    const url = revealCustomerServicePath(entry.path);
    return url ? [{ csType: entry.csType, title: entry.title, url }] : [];
  });

/** The entry of the requested type, else the first one (api-facts 3). */
export const pickCustomerService = (
  links: readonly CustomerServiceLink[],
  csType?: string,
): CustomerServiceLink | null => links.find((link) => link.csType === csType) ?? links[0] ?? null;

/** Opens customer service in its own small window, as the platform always has. */
export const openCustomerService = (link: CustomerServiceLink): void => {
  window.open(link.url, 'service', 'width=440,height=750');
};
