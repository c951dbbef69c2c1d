import { baseThemeColours } from '@tessera/ui';
import { describe, expect, it } from 'vitest';
import { mirrorOriginsOf, pageHeadMarkup, rgbOf, shortNameOf, themeColourOf } from './webapp.presenter';

const tokens = (dark: Record<string, string>) => ({ themeTokens: { light: {}, dark } });

describe('the member page head', () => {
  it("takes the merchant's colour when it is a plain colour, else the design system's", () => {
    expect(themeColourOf(tokens({}), 'dark', 'color-bg')).toBe(baseThemeColours.dark['color-bg']);
    expect(themeColourOf(tokens({ 'color-bg': '#102030' }), 'dark', 'color-bg')).toBe('#102030');
    expect(themeColourOf(tokens({ 'color-bg': 'rgb(1 2 3 / 50%)' }), 'dark', 'color-bg')).toBe('rgb(1 2 3 / 50%)');
    for (const value of ['var(--x)', 'linear-gradient(#000, #fff)', 'red" onload="x']) {
      expect(themeColourOf(tokens({ 'color-bg': value }), 'dark', 'color-bg')).toBe(baseThemeColours.dark['color-bg']);
    }
  });

  it('escapes what it writes into attributes and leaves the preload out without a banner', () => {
    const markup = pageHeadMarkup({
      themeColour: '#000"><script>',
      leadImage: null,
      shortName: 'A&B',
      iconVersion: 'abc',
    });
    expect(markup).toContain('content="#000&#34;&#62;&#60;script&#62;"');
    expect(markup).not.toContain('preload');
    expect(markup).toContain('<meta name="apple-mobile-web-app-title" content="A&#38;B" />');
    expect(
      pageHeadMarkup({ themeColour: '#000', leadImage: '/wps/content/images/a', shortName: 'A', iconVersion: 'abc' }),
    ).toContain('<link rel="preload" as="image" href="/wps/content/images/a" fetchpriority="high" />');
  });

  it('reads hex and rgb() colours for painting icons, and cuts a long name for the home screen', () => {
    expect(rgbOf('#f5b83d')).toEqual([245, 184, 61]);
    expect(rgbOf('#fff')).toEqual([255, 255, 255]);
    expect(rgbOf('rgb(120 40 200 / 50%)')).toEqual([120, 40, 200]);
    expect(rgbOf('hsl(10 20% 30%)')).toBeNull();
    expect(shortNameOf('Tessera Demo')).toBe('Tessera Demo');
    expect(shortNameOf('Lux Royale Casino')).toBe('Lux');
    expect(shortNameOf('Supercalifragilistic Casino')).toBe('Supercalifra');
  });
});

describe('the mirror sites the page may time', () => {
  it('are the origins of the http(s) lines, each once', () => {
    const routes = (...urls: string[]) => ({ domainRoutes: urls.map((url) => ({ name: url, url })) });
    expect(
      mirrorOriginsOf(
        routes('http://localhost:8080/', 'https://m.example.com/play?x=1', 'http://localhost:8080/other', 'ftp://x/'),
      ),
    ).toEqual(['http://localhost:8080', 'https://m.example.com']);
    expect(mirrorOriginsOf(routes('not a url'))).toEqual([]);
  });
});
