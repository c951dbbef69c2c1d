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

  /** WCAG 2 relative luminance of a #rrggbb colour. */
  const luminance = (hex: string): number => {
    const channel = (at: number) => {
      const c = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  };
  const contrast = (a: string, b: string): number => {
    const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (high + 0.05) / (low + 0.05);
  };
  const valueIn = (selector: string, name: string): string => {
    const value = blockOf(selector).match(new RegExp(`--${name}:\\s*(#[0-9a-f]{6});`))?.[1];
    if (!value) throw new Error(`--${name} is not a #rrggbb colour in ${selector}`);
    return value;
  };

  it.each([
    ['light', ':root,\n[data-theme="light"]'],
    ['dark', '[data-theme="dark"]'],
  ])('keeps every text colour readable (4.5:1) on every surface in the %s theme', (_theme, selector) => {
    const texts = [
      'color-text',
      'color-text-muted',
      'color-text-subtle',
      'color-primary-text',
      'color-accent-text',
      'color-success-text',
      'color-warning-text',
      'color-danger-text',
    ];
    const surfaces = ['color-bg', 'color-bg-raised', 'color-surface', 'color-surface-2'];
    const failing = texts.flatMap((text) =>
      surfaces
        .map((surface) => ({ text, surface, ratio: contrast(valueIn(selector, text), valueIn(selector, surface)) }))
        .filter(({ ratio }) => ratio < 4.5)
        .map(({ text, surface, ratio }) => `${text} on ${surface}: ${ratio.toFixed(2)}`),
    );
    expect(failing).toEqual([]);
  });
});
