import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { baseThemeColours, sharedTokenNames, themedTokenNames, tokenNames } from './index';

const css = readFileSync(new URL('./tokens.css', import.meta.url), 'utf8');

/** The body of the first block whose selector is exactly `selector`. */
const blockOf = (selector: string): string => {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block`);
  return css.slice(start, css.indexOf('}', start));
};

/** The declarations inside the first block whose selector is exactly `selector`. */
const declaredIn = (selector: string): Set<string> => {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block`);
  const body = css.slice(start, css.indexOf('}', start));
  return new Set(Array.from(body.matchAll(/--([a-z0-9-]+)\s*:/g), (m) => m[1] ?? ''));
};

describe('design tokens', () => {
  // Light is declared for the page root and for any [data-theme="light"] island (a preview inside a dark page).
  const root = declaredIn(':root,\n[data-theme="light"]');
  const dark = declaredIn('[data-theme="dark"]');

  it('defines every themed token for the light (root) and the dark theme', () => {
    expect(themedTokenNames.filter((name) => !root.has(name))).toEqual([]);
    expect(themedTokenNames.filter((name) => !dark.has(name))).toEqual([]);
  });

  it('defines every shared token once, at the root', () => {
    expect(sharedTokenNames.filter((name) => !root.has(name))).toEqual([]);
    expect(sharedTokenNames.filter((name) => dark.has(name))).toEqual([]);
  });

  it('gives servers the same base colours as the stylesheet', () => {
    for (const [selector, colours] of [
      [':root,\n[data-theme="light"]', baseThemeColours.light],
      ['[data-theme="dark"]', baseThemeColours.dark],
    ] as const) {
      const body = blockOf(selector);
      for (const [name, value] of Object.entries(colours)) {
        expect(body.match(new RegExp(`--${name}:\\s*([^;]+);`))?.[1]?.trim()).toBe(value);
      }
    }
  });

  it('lists every token the stylesheet declares', () => {
    const listed = new Set<string>(tokenNames);
    expect([...root, ...dark].filter((name) => !listed.has(name))).toEqual([]);
  });
});
