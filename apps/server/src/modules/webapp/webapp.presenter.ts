import type { MerchantSettings } from '@tessera/contracts';
import { baseThemeColours } from '@tessera/ui';

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

/**
 * The member page's head for a merchant: the browser chrome in the page's colour (the site opens dark), and
 * the first home banner fetched with the page rather than after the scripts have asked for it.
 */
export const pageHeadMarkup = (input: { themeColour: string; leadImage: string | null }): string =>
  [
    `<meta name="theme-color" content="${escapeAttribute(input.themeColour)}" />`,
    input.leadImage
      ? `<link rel="preload" as="image" href="${escapeAttribute(input.leadImage)}" fetchpriority="high" />`
      : '',
  ]
    .filter(Boolean)
    .map((line) => `  ${line}`)
    .join('\n');
