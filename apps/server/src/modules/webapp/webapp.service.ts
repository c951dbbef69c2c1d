import { createHash } from 'node:crypto';
import type { MerchantSettings } from '@tessera/contracts';
import type { ContentService } from '../content';
import type { MerchantsService } from '../merchants';
import {
  firstScreenCatalogues,
  mirrorOriginsOf,
  pageHeadMarkup,
  shortNameOf,
  themeColourOf,
  themeRgbOf,
  webManifestOf,
} from './webapp.presenter';
import { type AppIconKind, appIconKinds, monogramOf, renderAppIcon } from './webapp-icon';

/** Rendered icons kept per merchant and look; a few dozen PNGs of at most ~30 KB each. */
const ICON_CACHE_SIZE = 64;

/** What a merchant's icons are drawn from: its monogram in the on-primary colour on its primary colour. */
const iconLookOf = (settings: MerchantSettings) => {
  const look = {
    monogram: monogramOf(settings.name),
    background: themeRgbOf(settings, 'color-primary'),
    foreground: themeRgbOf(settings, 'color-on-primary'),
  };
  const version = createHash('sha256').update(JSON.stringify(look)).digest('hex').slice(0, 12);
  return { ...look, version };
};

/**
 * The member site as a page per merchant: the page head the server renders into index.html, and the web app
 * that makes it installable (manifest and icons drawn from the merchant's name and colours).
 */
export const createWebAppService = (deps: { merchants: MerchantsService; content: ContentService }) => {
  const merchantAt = (host: string) => deps.merchants.resolve({ code: null, host });
  const icons = new Map<string, Buffer>();

  return {
    /**
     * The title and head of the member page for the merchant behind the request's host, and the language
     * catalogues of a first visit to fetch with it.
     */
    pageHead: async (host: string) => {
      const merchant = await merchantAt(host);
      const { settings } = merchant;
      // A first visit is shown in the merchant's default language: its banner is the one to fetch early.
      const leadImage = await deps.content.leadBannerImage(merchant, settings.defaultLanguage);
      return {
        title: settings.name,
        defaultLanguage: settings.defaultLanguage,
        head: pageHeadMarkup({
          themeColour: themeColourOf(settings, 'dark', 'color-bg'),
          leadImage,
          shortName: shortNameOf(settings.name),
          iconVersion: iconLookOf(settings).version,
        }),
        preloadSources: firstScreenCatalogues(settings.defaultLanguage),
        // The mirror-site list (/lines) times a request to each of the merchant's lines.
        connectOrigins: mirrorOriginsOf(settings),
      };
    },

    /** The web app manifest of the merchant behind the host. */
    manifest: async (host: string) => {
      const { settings } = await merchantAt(host);
      return webManifestOf(settings, iconLookOf(settings).version);
    },

    /** One of the merchant's app icons as a PNG, drawn on first use and kept while its look is unchanged. */
    icon: async (host: string, kind: AppIconKind): Promise<Buffer> => {
      const merchant = await merchantAt(host);
      const look = iconLookOf(merchant.settings);
      const key = `${merchant.code}:${look.version}:${kind}`;
      const cached = icons.get(key);
      if (cached) return cached;
      const png = renderAppIcon({ ...appIconKinds[kind], ...look });
      if (icons.size >= ICON_CACHE_SIZE) {
        const oldest = icons.keys().next().value;
        if (oldest !== undefined) icons.delete(oldest);
      }
      icons.set(key, png);
      return png;
    },
  };
};

export type WebAppService = ReturnType<typeof createWebAppService>;
