import { bannerSrcSet, HOME_BANNER_SIZES, languages, type MerchantSettings } from '@tessera/contracts';
import { baseThemeColours } from '@tessera/ui';
import type { Rgb } from './webapp-icon';

/** A plain colour a browser chrome can take (theme-color): hex, rgb() or hsl(); anything else is not used. */
const PLAIN_COLOUR = /^(#[0-9a-f]{3,8}|(rgb|hsl)a?\([0-9.,%\s/]+\))$/i;

const escapeAttribute = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A theme token as the merchant overrides it, when it is a plain colour, else the design system's value. */
export const themeColourOf = (
  settings: Pick<MerchantSettings, 'themeTokens'>,
  theme: 'light' | 'dark',
  token: keyof (typeof baseThemeColours)['dark'],
): string => {
  const override = settings.themeTokens[theme][token]?.trim();
  return override && PLAIN_COLOUR.test(override) ? override : baseThemeColours[theme][token];
};

/** The red, green and blue of a hex or rgb() colour; null for anything else (hsl(), a name). */
export const rgbOf = (colour: string): Rgb | null => {
  const hex = /^#([0-9a-f]{3,8})$/i.exec(colour)?.[1];
  if (hex && (hex.length === 3 || hex.length === 4)) {
    const [r = 0, g = 0, b = 0] = [...hex].map((digit) => Number.parseInt(digit + digit, 16));
    return [r, g, b];
  }
  if (hex && (hex.length === 6 || hex.length === 8)) {
    return [0, 2, 4].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as unknown as Rgb;
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/i.exec(colour);
  if (rgb) return [rgb[1], rgb[2], rgb[3]].map((part) => Math.min(255, Math.round(Number(part)))) as unknown as Rgb;
  return null;
};

/** A token as an RGB triple: the merchant's value when it can be read, else the design system's. */
export const themeRgbOf = (
  settings: Pick<MerchantSettings, 'themeTokens'>,
  token: keyof (typeof baseThemeColours)['dark'],
): Rgb => rgbOf(themeColourOf(settings, 'dark', token)) ?? rgbOf(baseThemeColours.dark[token]) ?? [0, 0, 0];

/** The home-screen label: the name when short enough (launchers cut at about 12), else its first word, cut. */
export const shortNameOf = (name: string): string => {
  const chars = [...name.trim()];
  if (chars.length <= 12) return name.trim();
  const firstWord = [...(name.trim().split(/\s+/)[0] ?? '')];
  return (firstWord.length <= 12 ? firstWord : firstWord.slice(0, 12)).join('');
};

/** Where a merchant's icon is served; `version` changes with what the icon is drawn from, so it can be cached. */
export const appIconPath = (kind: string, version: string): string => `/app-icons/${kind}.png?v=${version}`;

/** The web app manifest of a merchant's member site (https://www.w3.org/TR/appmanifest/). */
export const webManifestOf = (settings: MerchantSettings, iconVersion: string) => {
  const language = languages[settings.defaultLanguage];
  const colour = themeColourOf(settings, 'dark', 'color-bg');
  return {
    id: '/',
    name: settings.name,
    short_name: shortNameOf(settings.name),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: colour,
    theme_color: colour,
    lang: language.locale,
    dir: language.dir,
    icons: [
      { src: appIconPath('icon-192', iconVersion), sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: appIconPath('icon-512', iconVersion), sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: appIconPath('icon-maskable-512', iconVersion), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
};

/**
 * The preload of the first home banner: with the carousel's srcset and sizes, so a phone fetches the rendition its
 * `<img>` will pick (the same one, once) rather than the full picture.
 */
const leadImagePreload = (url: string): string => {
  const srcset = bannerSrcSet(url);
  const responsive = srcset
    ? ` imagesrcset="${escapeAttribute(srcset)}" imagesizes="${escapeAttribute(HOME_BANNER_SIZES)}"`
    : '';
  return `<link rel="preload" as="image" href="${escapeAttribute(url)}"${responsive} fetchpriority="high" />`;
};

/**
 * The member page's head for a merchant: the browser chrome in the page's colour (the site opens dark), the
 * web app manifest and the iOS home-screen icon, and the first home banner fetched with the page rather than
 * after the scripts have asked for it.
 */
export const pageHeadMarkup = (input: {
  themeColour: string;
  leadImage: string | null;
  shortName: string;
  iconVersion: string;
}): string =>
  [
    `<meta name="theme-color" content="${escapeAttribute(input.themeColour)}" />`,
    '<link rel="manifest" href="/manifest.webmanifest" />',
    `<link rel="apple-touch-icon" href="${escapeAttribute(appIconPath('apple-touch-icon', input.iconVersion))}" />`,
    `<meta name="apple-mobile-web-app-title" content="${escapeAttribute(input.shortName)}" />`,
    input.leadImage ? leadImagePreload(input.leadImage) : '',
  ]
    .filter(Boolean)
    .map((line) => `  ${line}`)
    .join('\n');

/**
 * The member site's language catalogues the first screen reads (its core namespaces and the games', see the web
 * app's i18n.ts), as the build names their sources: fetched with the page in the language of a first visit.
 */
export const firstScreenCatalogues = (language: string): string[] =>
  ['common', 'errors', 'languages', 'games'].map((namespace) => `src/locales/${language}/${namespace}.json`);

/** The origins of the merchant's mirror sites (domainRoute), each once; a line that is not an http(s) URL is left out. */
export const mirrorOriginsOf = (settings: Pick<MerchantSettings, 'domainRoutes'>): string[] => [
  ...new Set(
    settings.domainRoutes.flatMap((route) => {
      try {
        const url = new URL(route.url);
        return url.protocol === 'http:' || url.protocol === 'https:' ? [url.origin] : [];
      } catch {
        return [];
      }
    }),
  ),
];
