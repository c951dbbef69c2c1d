import { describe, expect, it } from 'vitest';
import { shortUserAgent } from './user-agent';

describe('shortUserAgent', () => {
  it('names the browser, its major version and the system', () => {
    expect(
      shortUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 131 · Windows');
    expect(
      shortUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17 · iOS');
    expect(shortUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox 128 · macOS',
    );
    expect(
      shortUserAgent(
        'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Samsung Internet 25 · Android');
  });

  it('tells browsers that also claim to be Chrome apart', () => {
    expect(
      shortUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
      ),
    ).toBe('Edge 131 · Windows');
    expect(
      shortUserAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
      ),
    ).toBe('Headless Chrome 140 · Linux');
  });

  it('cuts what it cannot read to 40 characters and leaves short texts alone', () => {
    expect(shortUserAgent('node')).toBe('node');
    expect(shortUserAgent('  ')).toBe('');
    const long = 'TesseraApp/3.2.1 (build 20240101; channel=store; device=emulator-5554)';
    const short = shortUserAgent(long);
    expect(short).toHaveLength(40);
    expect(short.endsWith('…')).toBe(true);
    expect(long.startsWith(short.slice(0, -1))).toBe(true);
  });
});
