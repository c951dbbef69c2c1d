import { describe, expect, it } from 'vitest';
import { emblemOf, gameArtworkSvg, nameLines, vendorLogoSvg } from './artwork';
import { demoGames, demoVendors } from './demo-catalogue';

describe('game artwork', () => {
  it('draws each game its own emblem from its name, classification or category', () => {
    expect(emblemOf('Golden Crown', 'RNG')).toBe('crown');
    expect(emblemOf('Roulette VIP', 'LIVE')).toBe('wheel');
    expect(emblemOf('Ocean King', 'FISH')).toBe('fish');
    expect(emblemOf('Crash', 'INHOUSE')).toBe('rocket');
    expect(emblemOf('Plinko', 'INHOUSE')).toBe('pegs');
    // No keyword: the category's emblem.
    expect(emblemOf('Zzz', 'SPORTS')).toBe('ball');
    expect(emblemOf('Zzz', 'COCKFIGHT')).toBe('rooster');
  });

  it('gives the demo catalogue many different emblems, not one monogram', () => {
    const emblems = new Set(demoGames().map((game) => emblemOf(game.names.EN ?? '', game.gameType)));
    expect(emblems.size).toBeGreaterThanOrEqual(25);
  });

  it('writes the game name in at most two lines and never the initials alone', () => {
    expect(nameLines('Lucky Tiger Jackpot', 15)).toEqual(['Lucky Tiger', 'Jackpot']);
    expect(nameLines('Tactical Shooter League Extra Long', 15)).toEqual(['Tactical', 'Shooter League…']);
    const svg = gameArtworkSvg({ name: 'Lucky <Tiger>', vendor: 'PNG', palette: 3, variant: 2, gameType: 'RNG' });
    expect(svg).toContain('Lucky &lt;Tiger&gt;');
    expect(svg).toContain('filter="url(#s)"');
    expect(svg).not.toContain('<Tiger>');
  });
});

describe('vendor logos', () => {
  it('fit every demo vendor name inside the logo beside its mark', () => {
    for (const vendor of demoVendors()) {
      const svg = vendorLogoSvg(vendor);
      const texts = [...svg.matchAll(/font-size="(\d+)"[^>]*>([^<]+)</g)].map((m) => ({
        size: Number(m[1]),
        text: m[2] ?? '',
      }));
      expect(texts.length).toBeGreaterThan(0);
      for (const { size, text } of texts) {
        // About 0.74 em a bold capital: the text stays within the 96 px beside the mark, and legible.
        expect(text.length * size * 0.74).toBeLessThanOrEqual(97);
        expect(size).toBeGreaterThanOrEqual(11);
      }
    }
  });
});
