import { describe, expect, it } from 'vitest';
import { cacheNameOf, isStaleCache, strategyOf, withoutPageAnswers } from './sw-rules';

const origin = 'https://demo.example';
const facts = (path: string, extra: Partial<Parameters<typeof strategyOf>[0]> = {}) => ({
  url: `${origin}${path}`,
  origin,
  method: 'GET',
  mode: 'no-cors',
  hasAuthorization: false,
  ...extra,
});

describe('the service worker rules', () => {
  it('answers pages network-first and hashed build files cache-first', () => {
    expect(strategyOf(facts('/', { mode: 'navigate' }))).toBe('page');
    expect(strategyOf(facts('/help?lang=EN', { mode: 'navigate' }))).toBe('page');
    expect(strategyOf(facts('/assets/index-abc123.js'))).toBe('asset');
    expect(strategyOf(facts('/assets/index-abc123.css', { mode: 'cors' }))).toBe('asset');
  });

  it('never answers API calls, the back office, other origins, writes or requests with a session', () => {
    for (const path of [
      '/wps/system/status',
      '/wps/content/images/0b6f',
      '/wps/realtime',
      '/lgw/games/game_menus',
      '/lotto/x',
      '/api/admin/me',
      '/provider/wallet',
      '/healthz',
      '/admin',
      '/admin/merchants',
    ]) {
      expect(strategyOf(facts(path)), path).toBe('network');
      expect(strategyOf(facts(path, { mode: 'navigate' })), path).toBe('network');
    }
    expect(strategyOf(facts('/assets/a.js', { url: 'https://cdn.example/assets/a.js' }))).toBe('network');
    expect(strategyOf(facts('/assets/a.js', { method: 'POST' }))).toBe('network');
    expect(strategyOf(facts('/assets/a.js', { hasAuthorization: true }))).toBe('network');
    expect(strategyOf(facts('/assets/a.js?token=abc'))).toBe('network');
    expect(strategyOf(facts('/manifest.webmanifest'))).toBe('network');
  });

  it('keeps one cache per build and drops the others', () => {
    const current = cacheNameOf('v2');
    expect(isStaleCache(cacheNameOf('v1'), current)).toBe(true);
    expect(isStaleCache(current, current)).toBe(false);
    expect(isStaleCache('someone-else', current)).toBe(false);
  });

  it('serves the offline shell without the answers written into the page', () => {
    const page =
      '<head>\n  <title>Demo</title>\n  <script type="application/json" id="page-answer-status">{"success":true,"value":{"a":"\\u003c/script>"}}</script>\n  </head>';
    expect(withoutPageAnswers(page)).toBe('<head>\n  <title>Demo</title>\n  </head>');
    expect(withoutPageAnswers('<head><script type="module" src="/assets/a.js"></script></head>')).toContain('a.js');
  });
});
