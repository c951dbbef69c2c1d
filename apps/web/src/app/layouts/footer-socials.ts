import type { Resource } from '@tessera/contracts';

/**
 * What a social link is for (spec section 2 "Footer": video, microblog, short video, social network, photo
 * sharing and two messaging apps), from the merchant's resource type (api-facts 7.1).
 */
export type SocialKind = 'video' | 'microblog' | 'shortVideo' | 'network' | 'photos' | 'messenger' | 'chat';

const kinds: Readonly<Record<string, SocialKind>> = {
  YOUTUBE: 'video',
  WEIBO: 'microblog',
  TWITTER: 'microblog',
  X: 'microblog',
  TIKTOK: 'shortVideo',
  DOUYIN: 'shortVideo',
  FACEBOOK: 'network',
  INSTAGRAM: 'photos',
  TELEGRAM: 'messenger',
  WHATSAPP: 'chat',
  LINE: 'chat',
};

export interface SocialLink {
  kind: SocialKind;
  url: string;
  /** The operator's label, else the resource type: the link's accessible name. */
  label: string;
}

/** The merchant's social links in its order; other resources (app downloads) are not social links. */
export const socialLinksOf = (resources: readonly Resource[]): SocialLink[] =>
  resources.flatMap((resource) => {
    const kind = kinds[resource.resourceType.trim().toUpperCase()];
    return kind ? [{ kind, url: resource.url, label: resource.labelNameEn.trim() || resource.resourceType }] : [];
  });
