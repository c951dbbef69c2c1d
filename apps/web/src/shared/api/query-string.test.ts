import { describe, expect, it } from 'vitest';
import { toQueryString } from './query-string';

describe('toQueryString', () => {
  it('leaves out absent values and repeats array keys', () => {
    expect(toQueryString({ a: 1, b: undefined, c: null, d: ['x', 'y'], e: true })).toBe('?a=1&d=x&d=y&e=true');
  });

  it('is empty for an empty request and refuses nested objects', () => {
    expect(toQueryString({})).toBe('');
    expect(toQueryString(undefined)).toBe('');
    expect(() => toQueryString({ nested: { a: 1 } })).toThrow(TypeError);
  });
});
