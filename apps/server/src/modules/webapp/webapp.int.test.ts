import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  type Announcements,
  firstVisitCalls,
  firstVisitUrl,
  pageAnswerNames,
  revealCustomerServicePath,
} from '@tessera/contracts';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Customer-service paths carry a fresh key in every answer (decision 0004): answers are compared with each path
 * revealed to the address it stands for.
 */
const revealPaths = (text: string): string =>
  text.replace(/"path":"([A-Za-z0-9_-]+)"/g, (whole, path: string) => {
    const url = revealCustomerServicePath(path);
    return url ? `"path":${JSON.stringify(url)}` : whole;
  });
const revealed = (value: unknown): unknown => JSON.parse(revealPaths(JSON.stringify(value)));

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Tessera</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;

describe('the member page per merchant, and the built files', () => {
  let t: TestApp;
  let webDir: string;
  const script = 'console.log("the same bytes, compressed");\n'.repeat(60);

  beforeAll(async () => {
    webDir = await mkdtemp(path.join(tmpdir(), 'tessera-web-'));
    await mkdir(path.join(webDir, 'assets'));
    await writeFile(path.join(webDir, 'index.html'), TEMPLATE);
    await writeFile(path.join(webDir, 'assets', 'app-abc123.js'), script);
    await writeFile(path.join(webDir, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
    // The build's manifest names the chunk of each language catalogue.
    await mkdir(path.join(webDir, '.vite'));
    const catalogueChunks = Object.fromEntries(
      ['EN', 'AR'].flatMap((language) =>
        ['common', 'errors', 'languages', 'games', 'account'].map((namespace) => [
          `src/locales/${language}/${namespace}.json`,
          { file: `assets/${namespace}-${language.toLowerCase()}1.js` },
        ]),
      ),
    );
    await writeFile(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(catalogueChunks));
    t = await createTestApp({}, { sites: { webDir, adminDir: '/nonexistent' } });
    const demo = await t.services.merchants.get('demo');
    if (!demo) throw new Error('no demo merchant');
    await t.services.merchants.createIfAbsent('lux', {
      ...demo.settings,
      name: 'Lux Royale </script><b>Casino',
      domains: ['lux.test'],
      defaultLanguage: 'AR',
      supportedLanguages: ['AR', 'EN'],
      themeTokens: {
        light: {},
        dark: { 'color-bg': '#101820', 'color-primary': 'rgb(120, 40, 200)', 'color-on-primary': '#ffffff' },
      },
    });
  });

  afterAll(async () => {
    await t.close();
    await rm(webDir, { recursive: true, force: true });
  });

  const leadBanner = async () => {
    const items = await t.services.content.list('demo', 'EN', 'banner');
    const first = items.find((item) => item.kind === 'banner' && (item.data as { group: string }).group === 'w_home');
    if (!first) throw new Error('the demo merchant has no w_home banner');
    return `/wps/content/images/${(first.data as { imageId: string }).imageId}`;
  };

  it("renders the merchant's name, theme colour and a preload of its first home banner into every page", async () => {
    for (const url of ['/', '/index.html', '/member', '/help']) {
      const response = await t.request({ method: 'GET', url, headers: { host: 'localhost' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      const html = response.body;
      expect(html).toContain('<title>Tessera Demo</title>');
      expect(html).toMatch(/<meta name="theme-color" content="#[0-9a-f]{6}" \/>/);
      expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
      expect(html).toMatch(
        /<link rel="apple-touch-icon" href="\/app-icons\/apple-touch-icon\.png\?v=[0-9a-f]{12}" \/>/,
      );
      const lead = await leadBanner();
      // A phone fetches the rendition its width picks, the same one the carousel's <img> will ask for.
      expect(html).toContain(
        `<link rel="preload" as="image" href="${lead}" imagesrcset="${lead}?w=480 480w, ${lead}?w=720 720w, ${lead} 1200w" imagesizes="(min-width: 1024px) 1200px, calc(100vw - 32px)" fetchpriority="high" />`,
      );
    }
  });

  it('serves every rendition the preload names, each narrower than the picture and no wider than it says', async () => {
    const lead = await leadBanner();
    const full = await t.request({ method: 'GET', url: lead });
    expect(full.statusCode).toBe(200);
    for (const width of [480, 720]) {
      const rendition = await t.request({ method: 'GET', url: `${lead}?w=${width}` });
      expect(rendition.statusCode).toBe(200);
      expect(rendition.headers['content-type']).toBe(full.headers['content-type']);
      expect(rendition.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(rendition.rawPayload.length).toBeLessThan(full.rawPayload.length);
      // A JPEG's first start-of-frame (the seed's banners are JPEGs): width at offset 7 of the marker.
      const frame = rendition.rawPayload.indexOf(Buffer.from([0xff, 0xc0]));
      expect(rendition.rawPayload.readUInt16BE(frame + 7)).toBe(width);
      expect(rendition.rawPayload.readUInt16BE(frame + 5)).toBe(width / 3);
    }
    for (const bad of ['481', '0', 'wide', '1200']) {
      const refused = await t.request({ method: 'GET', url: `${lead}?w=${bad}` });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ errorCode: 'validation_failed', fieldErrors: [{ path: 'w' }] });
    }
  });

  /** An answer written into a page, parsed. */
  const answerInPage = (html: string, name: string): unknown => {
    const match = new RegExp(`<script type="application/json" id="page-answer-${name}">([^<]*)</script>`).exec(html);
    if (!match?.[1]) throw new Error(`the page carries no ${name} answer`);
    return JSON.parse(match[1]);
  };
  const statusInPage = (html: string): unknown => answerInPage(html, 'status');

  it("writes site start's status answer into the page, as the status endpoint gives it to the same visitor", async () => {
    for (const host of ['localhost', 'lux.test']) {
      const html = (await t.request({ method: 'GET', url: '/', headers: { host } })).body;
      const direct = await t.request({
        method: 'GET',
        url: '/wps/system/status',
        headers: { host, ModuleId: 'COMM3' },
      });
      expect(revealed(statusInPage(html))).toEqual(revealed(direct.json()));
    }
    // The merchant's name cannot end the script element early: its "<" travels escaped.
    const lux = (await t.request({ method: 'GET', url: '/', headers: { host: 'lux.test' } })).body;
    // Every script element that ends is one of the page's answers.
    expect(lux.match(/<\/script>/g)).toHaveLength(
      lux.match(/<script type="application\/json" id="page-answer-/g)?.length ?? -1,
    );
    expect(lux.match(/<\/script>/g)).toHaveLength(4);
    expect(lux).toContain('Lux Royale \\u003c/script>\\u003cb>Casino');
    expect((statusInPage(lux) as { value: { info: { site: { name: string } } } }).value.info.site.name).toBe(
      'Lux Royale </script><b>Casino',
    );
  });

  it("writes a first visit's calls in the merchant's default language into the page, as the site makes them", async () => {
    const seen: Record<string, string[]> = {};
    let demoBanners = 0;
    for (const host of ['localhost', 'lux.test']) {
      const html = (await t.request({ method: 'GET', url: '/', headers: { host } })).body;
      const status = statusInPage(html) as { value: { info: { site: { defaultLanguage: string } } } };
      const language = status.value.info.site.defaultLanguage;
      for (const call of firstVisitCalls(language)) {
        const direct = await t.request({
          method: 'GET',
          url: firstVisitUrl(call),
          headers: {
            host,
            Language: language,
            ...(call.endpoint.moduleIds[0] ? { ModuleId: call.endpoint.moduleIds[0] } : {}),
          },
        });
        expect(direct.statusCode).toBe(200);
        expect(answerInPage(html, call.name)).toEqual(direct.json());
      }
      seen[host] = firstVisitCalls(language).map((call) => call.name);
      if (host === 'localhost') {
        const announcements = answerInPage(html, pageAnswerNames.visitorAnnouncements(language));
        demoBanners = (announcements as { value: Announcements }).value.banners.length;
      }
    }
    // The demo merchant opens in English, the other one in Arabic.
    expect(seen).toEqual({
      localhost: ['announcements-visitor-EN', 'vendor-lanes-EN', 'hot-games-EN'],
      'lux.test': ['announcements-visitor-AR', 'vendor-lanes-AR', 'hot-games-AR'],
    });
    expect(demoBanners).toBeGreaterThan(0);
  });

  it("answers for the visitor's own address: a blocked range gets the region block in the page", async () => {
    const demo = await t.services.merchants.get('demo');
    if (!demo) throw new Error('no demo merchant');
    const settings = structuredClone(demo.settings);
    settings.region.blockedIpRanges = ['127.0.0.0/8'];
    await t.services.merchants.update('demo', demo.version, settings);
    try {
      const html = (await t.request({ method: 'GET', url: '/', headers: { host: 'localhost' } })).body;
      expect(statusInPage(html)).toMatchObject({
        success: true,
        value: { regionRestriction: true, location: { ip: '127.0.0.1' } },
      });
    } finally {
      const changed = await t.services.merchants.get('demo');
      if (changed) await t.services.merchants.update('demo', changed.version, demo.settings);
    }
  });

  it("fetches the first screen's language catalogues with the page, in the merchant's default language", async () => {
    const demo = (await t.request({ method: 'GET', url: '/', headers: { host: 'localhost' } })).body;
    const lux = (await t.request({ method: 'GET', url: '/', headers: { host: 'lux.test' } })).body;
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
    expect(preloads(demo)).toEqual([
      '/assets/common-en1.js',
      '/assets/errors-en1.js',
      '/assets/languages-en1.js',
      '/assets/games-en1.js',
    ]);
    expect(preloads(lux)).toEqual([
      '/assets/common-ar1.js',
      '/assets/errors-ar1.js',
      '/assets/languages-ar1.js',
      '/assets/games-ar1.js',
    ]);
  });

  it('follows the content: without a home banner nothing is preloaded', async () => {
    const banners = (await t.services.content.list('demo', 'EN', 'banner')).filter(
      (item) => (item.data as { group: string }).group === 'w_home',
    );
    for (const banner of banners) await t.services.content.remove('demo', banner.id);
    const html = (await t.request({ method: 'GET', url: '/', headers: { host: 'localhost' } })).body;
    expect(html).toContain('<title>Tessera Demo</title>');
    expect(html).not.toContain('rel="preload"');
  });

  it('sends the page as built to an address no merchant answers on', async () => {
    const response = await t.request({ method: 'GET', url: '/', headers: { host: 'unknown.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(TEMPLATE);
  });

  it('sends hashed files compressed when the browser accepts it, cached for good', async () => {
    const compressed = await t.request({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(compressed.rawPayload.length).toBeLessThan(script.length / 5);
    const plain = await t.request({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': '' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends the page and the answers compressed when the browser accepts it, and plain when it does not', async () => {
    const plain = await t.request({ method: 'GET', url: '/', headers: { host: 'localhost' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accepted, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const page = await t.request({
        method: 'GET',
        url: '/',
        headers: { host: 'localhost', 'accept-encoding': accepted },
      });
      expect(page.headers['content-encoding']).toBe(encoding);
      expect(page.headers.vary).toContain('Accept-Encoding');
      const decoded = encoding === 'br' ? brotliDecompressSync(page.rawPayload) : gunzipSync(page.rawPayload);
      expect(revealPaths(decoded.toString('utf8'))).toBe(revealPaths(plain.body));
      expect(page.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    }
    // An endpoint's answer of more than a kilobyte too.
    const call = firstVisitCalls('EN').find((candidate) => candidate.name === pageAnswerNames.vendorLanes('EN'));
    if (!call) throw new Error('no vendor lanes call');
    const answer = await t.request({
      method: 'GET',
      url: firstVisitUrl(call),
      headers: { host: 'localhost', 'accept-encoding': 'br' },
    });
    const direct = await t.request({ method: 'GET', url: firstVisitUrl(call), headers: { host: 'localhost' } });
    expect(direct.rawPayload.length).toBeGreaterThan(1024);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(revealed(JSON.parse(brotliDecompressSync(answer.rawPayload).toString('utf8')))).toEqual(
      revealed(direct.json()),
    );
  });

  const manifestAt = async (host: string) => {
    const response = await t.request({ method: 'GET', url: '/manifest.webmanifest', headers: { host } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/manifest+json');
    expect(response.headers['cache-control']).toBe('no-cache');
    return JSON.parse(response.body) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      lang: string;
      dir: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
  };

  const pngAt = async (host: string, src: string) => {
    const response = await t.request({ method: 'GET', url: src, headers: { host } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    return PNG.sync.read(response.rawPayload);
  };

  it("serves each merchant its own manifest: name, colours, language and direction from the merchant's settings", async () => {
    const demo = await manifestAt('localhost');
    const lux = await manifestAt('lux.test');
    expect(demo).toMatchObject({
      name: 'Tessera Demo',
      short_name: 'Tessera Demo',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      lang: 'en',
      dir: 'ltr',
    });
    expect(demo.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(lux).toMatchObject({
      name: 'Lux Royale </script><b>Casino',
      short_name: 'Lux',
      lang: 'ar',
      dir: 'rtl',
      theme_color: '#101820',
      background_color: '#101820',
      display: 'standalone',
    });
    expect(lux.theme_color).not.toBe(demo.theme_color);
    expect(demo.icons.map((icon) => [icon.sizes, icon.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
    // The icons' addresses carry the look they were drawn from: different merchants, different icons.
    expect(lux.icons[0]?.src).not.toBe(demo.icons[0]?.src);
  });

  it("draws every icon as a PNG of the declared size in the merchant's brand colour", async () => {
    const centreColours = { localhost: [] as string[], 'lux.test': [] as string[] };
    for (const host of ['localhost', 'lux.test'] as const) {
      const manifest = await manifestAt(host);
      for (const icon of manifest.icons) {
        const png = await pngAt(host, icon.src);
        const side = Number(icon.sizes.split('x')[0]);
        expect([png.width, png.height]).toEqual([side, side]);
        // A maskable icon fills its square (launchers crop it); a plain one has transparent rounded corners.
        expect(png.data[3]).toBe(icon.purpose === 'maskable' ? 255 : 0);
        const centre = (Math.floor(side / 2) * side + Math.floor(side * 0.08)) * 4;
        centreColours[host].push(Array.from(png.data.subarray(centre, centre + 3)).join(','));
      }
    }
    expect(centreColours.localhost).not.toEqual(centreColours['lux.test']);
    // Lux's primary is rgb(120, 40, 200): the background beside the monogram is that colour, lit or shaded.
    const [r, g, b] = (centreColours['lux.test'][0] ?? '').split(',').map(Number);
    expect(Math.abs((r ?? 0) - 120)).toBeLessThan(30);
    expect(Math.abs((g ?? 0) - 40)).toBeLessThan(30);
    expect(Math.abs((b ?? 0) - 200)).toBeLessThan(30);
  });

  it('serves the iOS home-screen icon at 180 px and refuses icon names it does not draw', async () => {
    const html = (await t.request({ method: 'GET', url: '/', headers: { host: 'lux.test' } })).body;
    const href = /rel="apple-touch-icon" href="([^"]+)"/.exec(html)?.[1] ?? '';
    const png = await pngAt('lux.test', href);
    expect([png.width, png.height]).toEqual([180, 180]);
    for (const url of ['/app-icons/icon-64.png', '/app-icons/icon-192.jpg', '/app-icons/..%2Fpackage.json']) {
      const response = await t.request({ method: 'GET', url, headers: { host: 'lux.test' } });
      expect(response.statusCode).toBe(404);
    }
    const unknown = await t.request({ method: 'GET', url: '/manifest.webmanifest', headers: { host: 'nobody.test' } });
    expect(unknown.statusCode).toBeGreaterThanOrEqual(400);
    expect(JSON.parse(unknown.body).errorCode).toBe('merchant_unknown');
  });
});
