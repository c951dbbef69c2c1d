import type { CSSProperties } from 'react';

/** A merchant's token overrides (names without `--`) as inline custom properties for a preview element. */
export const tokenStyleOf = (tokens: Readonly<Record<string, string>> | undefined): CSSProperties =>
  Object.fromEntries(Object.entries(tokens ?? {}).map(([name, value]) => [`--${name}`, value])) as CSSProperties;
