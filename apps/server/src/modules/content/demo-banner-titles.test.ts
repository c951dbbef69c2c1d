import { languageCodes } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { demoBannerNames, demoBannerTitle } from './demo-banner-titles';
import { demoBanners } from './demo-content';

describe("the demo banners' headlines", () => {
  it('exist for every banner in every shipped language, short enough for a caption', () => {
    expect(demoBanners.map((banner) => banner.picture)).toEqual(demoBannerNames);
    for (const language of languageCodes) {
      for (const name of demoBannerNames) {
        const title = demoBannerTitle(name, language);
        expect(title.trim(), `${name} ${language}`).not.toBe('');
        expect(title.length, `${name} ${language}`).toBeLessThanOrEqual(60);
      }
    }
  });

  it('are translated, not English copies', () => {
    for (const language of languageCodes.filter((code) => code !== 'EN')) {
      expect(demoBannerTitle('welcome', language), language).not.toBe(demoBannerTitle('welcome', 'EN'));
      expect(demoBannerTitle('fairPlay', language), language).not.toBe(demoBannerTitle('fairPlay', 'EN'));
    }
  });
});
