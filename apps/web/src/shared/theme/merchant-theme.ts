import type { ThemeName } from '@tessera/ui';

export type ThemeTokenOverrides = Readonly<Record<ThemeName, Readonly<Record<string, string>>>>;

/** Same limits as the contract's themeTokensSchema; checked again so a bad value can never break the sheet. */
const TOKEN_NAME = /^[a-z][a-z0-9-]{0,60}$/;
const TOKEN_VALUE = /^[^;{}<>]*$/;

const declarationsOf = (tokens: Readonly<Record<string, string>>): string =>
  Object.entries(tokens)
    .filter(([name, value]) => TOKEN_NAME.test(name) && TOKEN_VALUE.test(value) && value.trim() !== '')
    .map(([name, value]) => `--${name}: ${value.trim()};`)
    .join(' ');

/**
 * The merchant's token overrides as a style sheet. `html[data-theme=…]` outranks the base sets of
 * @tessera/ui (`:root` and `[data-theme="dark"]`), so an override wins in its own theme only.
 */
export const merchantThemeCss = (overrides: ThemeTokenOverrides): string =>
  (['light', 'dark'] as const)
    .map((theme) => [theme, declarationsOf(overrides[theme])] as const)
    .filter(([, declarations]) => declarations !== '')
    .map(([theme, declarations]) => `html[data-theme="${theme}"] { ${declarations} }`)
    .join('\n');

const STYLE_ID = 'merchant-theme';

export const applyMerchantTheme = (overrides: ThemeTokenOverrides): void => {
  const css = merchantThemeCss(overrides);
  let style = document.getElementById(STYLE_ID);
  if (!css) {
    style?.remove();
    return;
  }
  if (!style) {
    style = document.createElement('style');
    style.id = STYLE_ID;
    document.head.append(style);
  }
  style.textContent = css;
};
