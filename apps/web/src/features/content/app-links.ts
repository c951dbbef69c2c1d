import type { Resource } from '@tessera/contracts';

export type AppPlatform = 'ios' | 'android';

export interface AppLink {
  platform: AppPlatform;
  url: string;
  /** A native app the merchant publishes, or the site itself installed as a web app. */
  kind: 'native' | 'webApp';
}

const resourceTypesOf: Record<AppPlatform, readonly string[]> = {
  ios: ['IOS', 'IPHONE'],
  android: ['ANDROID', 'APK'],
};

/**
 * The download address per platform: the merchant's own app (resources Android / IOS, api-facts 7.1) when it
 * lists one, otherwise the site's app-download page, from which the site installs as a web app.
 */
export const appLinksOf = (resources: readonly Resource[], siteOrigin: string): AppLink[] =>
  (['ios', 'android'] as const).map((platform) => {
    const resource = resources.find((entry) => resourceTypesOf[platform].includes(entry.resourceType.toUpperCase()));
    return resource
      ? { platform, url: resource.url, kind: 'native' }
      : { platform, url: `${siteOrigin}/appDownload`, kind: 'webApp' };
  });
