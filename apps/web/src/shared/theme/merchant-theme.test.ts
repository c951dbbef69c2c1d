import { describe, expect, it } from 'vitest';
import { merchantThemeCss } from './merchant-theme';

describe('merchant theme overrides', () => {
  it('scopes each theme’s overrides to that theme, above the base token sets', () => {
    const css = merchantThemeCss({ light: { 'color-primary': '#0a84ff' }, dark: { 'color-bg': '#000' } });
    expect(css).toBe(
      'html[data-theme="light"] { --color-primary: #0a84ff; }\nhtml[data-theme="dark"] { --color-bg: #000; }',
    );
  });

  it('drops names and values that could break out of the declaration, and empty sets', () => {
    const css = merchantThemeCss({
      light: { 'color-primary': 'red; } body { display: none', 'Bad Name': '#fff', 'color-text': ' ' },
      dark: {},
    });
    expect(css).toBe('');
  });
});
