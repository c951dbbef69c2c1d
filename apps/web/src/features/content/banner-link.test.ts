import { describe, expect, it } from 'vitest';
import { bannerLinkOf } from './banner-link';

describe('bannerLinkOf', () => {
  it('opens site paths in place and outside addresses in a new tab', () => {
    expect(bannerLinkOf({ linkageType: 'ROUTE', linkTarget: '/help#term' })).toEqual({
      kind: 'route',
      to: '/help#term',
    });
    expect(bannerLinkOf({ linkageType: 'URL', linkTarget: 'https://example.org/' })).toEqual({
      kind: 'url',
      href: 'https://example.org/',
    });
  });

  it('goes nowhere for anything else, whatever the server sent', () => {
    expect(bannerLinkOf({ linkageType: 'NONE', linkTarget: '' })).toEqual({ kind: 'none' });
    expect(bannerLinkOf({ linkageType: 'URL', linkTarget: 'javascript:alert(1)' })).toEqual({ kind: 'none' });
    expect(bannerLinkOf({ linkageType: 'ROUTE', linkTarget: '//evil.example' })).toEqual({ kind: 'none' });
  });
});
