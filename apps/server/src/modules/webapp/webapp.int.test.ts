import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

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
    t = await createTestApp({}, { sites: { webDir, adminDir: '/nonexistent' } });
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
      expect(html).toContain(`<link rel="preload" as="image" href="${await leadBanner()}" fetchpriority="high" />`);
    }
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
});
