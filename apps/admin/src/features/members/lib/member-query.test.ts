import { describe, expect, it } from 'vitest';
import { checkMemberQuery, memberQueryOf } from './member-query';

describe('member search query', () => {
  it('trims and accepts 2 to 64 characters', () => {
    expect(checkMemberQuery('  ab ')).toEqual({ kind: 'valid', q: 'ab' });
    expect(memberQueryOf('keeper@example.com')).toBe('keeper@example.com');
    expect(memberQueryOf('x'.repeat(64))).toBe('x'.repeat(64));
  });

  it('treats an empty or blank box as no search', () => {
    expect(checkMemberQuery('')).toEqual({ kind: 'empty' });
    expect(checkMemberQuery('   ')).toEqual({ kind: 'empty' });
    expect(memberQueryOf('  ')).toBeNull();
  });

  it('refuses what the server would, with its field error codes', () => {
    expect(checkMemberQuery(' a ')).toEqual({
      kind: 'invalid',
      error: { path: 'q', code: 'field_too_short', params: { min: 2 } },
    });
    expect(checkMemberQuery('x'.repeat(65))).toEqual({
      kind: 'invalid',
      error: { path: 'q', code: 'field_too_long', params: { max: 64 } },
    });
    expect(memberQueryOf('a')).toBeNull();
  });
});
