import { describe, expect, it } from 'vitest';
import { socialLinksOf } from './footer-socials';

describe('footer social links', () => {
  it('keeps the social resources in order, named by their label or else their type', () => {
    const links = socialLinksOf([
      { resourceType: 'YouTube', url: 'https://video.example/demo', labelNameEn: 'Our channel' },
      { resourceType: 'Android', url: 'https://cdn.example/app.apk', labelNameEn: 'Android' },
      { resourceType: 'telegram', url: 'https://t.example/demo', labelNameEn: '' },
      { resourceType: 'INSTAGRAM', url: 'https://photos.example/demo', labelNameEn: ' ' },
    ]);
    expect(links).toEqual([
      { kind: 'video', url: 'https://video.example/demo', label: 'Our channel' },
      { kind: 'messenger', url: 'https://t.example/demo', label: 'telegram' },
      { kind: 'photos', url: 'https://photos.example/demo', label: 'INSTAGRAM' },
    ]);
  });
});
