import { describe, expect, it } from 'vitest';
import { memberKindOf } from './member-type';

describe('memberKindOf', () => {
  it('names every member type the platform uses', () => {
    expect(memberKindOf(0)).toBe('member');
    for (const type of [1, 2, 41, 42]) expect(memberKindOf(type)).toBe('agent');
    expect(memberKindOf(4)).toBe('trial');
  });

  it('keeps an unknown type apart instead of guessing', () => {
    expect(memberKindOf(3)).toBe('other');
    expect(memberKindOf(99)).toBe('other');
  });
});
