/**
 * Names of the design tokens in tokens.css, without the leading `--`. Merchant theme overrides
 * (themeTokens.light / themeTokens.dark) use these names; the browsers set them as CSS custom properties.
 */
export const themedTokenNames = [
  'color-bg',
  'color-bg-raised',
  'color-surface',
  'color-surface-2',
  'color-surface-hover',
  'color-border',
  'color-border-strong',
  'color-text',
  'color-text-muted',
  'color-text-subtle',
  'color-primary',
  'color-primary-hover',
  'color-primary-active',
  'color-on-primary',
  'color-primary-soft',
  'color-accent',
  'color-on-accent',
  'color-success',
  'color-on-success',
  'color-warning',
  'color-danger',
  'color-on-danger',
  'color-primary-text',
  'color-accent-text',
  'color-success-text',
  'color-warning-text',
  'color-danger-text',
  'color-overlay',
  'color-header-bg',
  'color-side-menu-bg',
  'color-footer-bg',
  'color-on-footer',
  'color-footer-border',
  'color-focus-ring',
  'gradient-brand',
  'gradient-hero',
  'color-on-hero',
  'color-hero-glow',
  'shadow-sm',
  'shadow-md',
  'shadow-lg',
] as const;

/** Tokens shared by both themes: space, radius, type, layers, layout and motion. */
export const sharedTokenNames = [
  'space-0-5',
  'space-1',
  'space-2',
  'space-3',
  'space-4',
  'space-5',
  'space-6',
  'space-8',
  'space-10',
  'space-12',
  'space-16',
  'radius-sm',
  'radius-md',
  'radius-lg',
  'radius-xl',
  'radius-pill',
  'font-family-base',
  'font-family-display',
  'font-family-mono',
  'font-size-xs',
  'font-size-sm',
  'font-size-md',
  'font-size-lg',
  'font-size-xl',
  'font-size-2xl',
  'font-size-3xl',
  'font-weight-regular',
  'font-weight-medium',
  'font-weight-semibold',
  'font-weight-bold',
  'line-height-tight',
  'line-height-base',
  'letter-spacing-caps',
  'z-base',
  'z-raised',
  'z-header',
  'z-side-menu',
  'z-drawer',
  'z-dialog',
  'z-loading-cover',
  'z-toast',
  'layout-header-height',
  'layout-side-menu-width',
  'layout-content-max-width',
  'layout-dialog-width',
  'duration-fast',
  'duration-base',
  'duration-slow',
  'easing-standard',
] as const;

export const tokenNames = [...themedTokenNames, ...sharedTokenNames] as const;

export type ThemedTokenName = (typeof themedTokenNames)[number];
export type SharedTokenName = (typeof sharedTokenNames)[number];
export type TokenName = (typeof tokenNames)[number];

export const themeNames = ['light', 'dark'] as const;
export type ThemeName = (typeof themeNames)[number];

export const isThemeName = (value: unknown): value is ThemeName =>
  typeof value === 'string' && (themeNames as readonly string[]).includes(value);

/** `var(--name)` for a token, for the rare style that is computed in script. */
export const tokenVar = (name: TokenName): string => `var(--${name})`;

/**
 * The few token values a server needs outside the stylesheet (the page's theme colour, the web app manifest and
 * its icons), per theme; tokens.test.ts holds them equal to tokens.css.
 */
export const baseThemeColours = {
  light: { 'color-bg': '#f2f4f9', 'color-primary': '#e4a21b', 'color-on-primary': '#1d1403' },
  dark: { 'color-bg': '#0a1120', 'color-primary': '#f5b83d', 'color-on-primary': '#1a1204' },
} as const satisfies Record<'light' | 'dark', Record<'color-bg' | 'color-primary' | 'color-on-primary', string>>;
