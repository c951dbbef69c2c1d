import { describe, expect, it } from 'vitest';
import { appLinksOf } from './app-links';

describe('appLinksOf', () => {
  it('uses the merchant’s own app where it lists one', () => {
    const links = appLinksOf(
      [{ resourceType: 'Android', url: 'https://cdn.example/app.apk', labelNameEn: 'Android' }],
      'https://site.example',
    );
    expect(links).toEqual([
      { platform: 'ios', url: 'https://site.example/appDownload', kind: 'webApp' },
      { platform: 'android', url: 'https://cdn.example/app.apk', kind: 'native' },
    ]);
  });

  it('offers the installable site on both platforms otherwise', () => {
    expect(appLinksOf([], 'http://localhost:8080').map((link) => link.kind)).toEqual(['webApp', 'webApp']);
  });
});
