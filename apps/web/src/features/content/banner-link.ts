import type { Banner } from '@tessera/contracts';

export type BannerLink = { kind: 'none' } | { kind: 'route'; to: string } | { kind: 'url'; href: string };

/** Where a banner click goes: a path of this site, an outside http(s) address (new tab), or nowhere. */
export const bannerLinkOf = (banner: Pick<Banner, 'linkageType' | 'linkTarget'>): BannerLink => {
  if (banner.linkageType === 'ROUTE' && banner.linkTarget.startsWith('/') && !banner.linkTarget.startsWith('//')) {
    return { kind: 'route', to: banner.linkTarget };
  }
  if (banner.linkageType === 'URL' && /^https?:\/\//i.test(banner.linkTarget)) {
    return { kind: 'url', href: banner.linkTarget };
  }
  return { kind: 'none' };
};
