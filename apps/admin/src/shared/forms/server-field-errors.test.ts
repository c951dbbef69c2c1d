import { describe, expect, it } from 'vitest';
import { mapServerFieldErrors } from './server-field-errors';

describe('mapServerFieldErrors', () => {
  it('strips the request key so dotted server paths name form fields', () => {
    const { matched, unmatched } = mapServerFieldErrors(
      [
        { path: 'settings.region.blockedIpRanges.0', code: 'field_invalid' },
        { path: 'settings.domains.2', code: 'domain_taken' },
        { path: 'settings.name', code: 'field_too_long', params: { max: 100 } },
        { path: 'version', code: 'field_too_small', params: { min: 1 } },
        { path: 'settings', code: 'field_invalid' },
      ],
      'settings',
    );
    expect(matched.map((m) => m.name)).toEqual(['region.blockedIpRanges.0', 'domains.2', 'name', 'root.form']);
    expect(matched[2]?.error.params).toEqual({ max: 100 });
    expect(unmatched).toEqual([{ path: 'version', code: 'field_too_small', params: { min: 1 } }]);
  });

  it('does not mistake a key that merely starts with the prefix', () => {
    const { matched, unmatched } = mapServerFieldErrors(
      [{ path: 'settingsExtra.a', code: 'field_unknown' }],
      'settings',
    );
    expect(matched).toEqual([]);
    expect(unmatched).toHaveLength(1);
  });

  it('without a prefix takes paths as they are, and a path-less error goes to the form root', () => {
    const { matched } = mapServerFieldErrors([
      { path: 'username', code: 'username_taken' },
      { path: '', code: 'field_invalid' },
    ]);
    expect(matched.map((m) => m.name)).toEqual(['username', 'root.form']);
  });
});
