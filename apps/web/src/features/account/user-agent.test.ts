import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent';

describe('device description', () => {
  it('names the browser and the system of common user agents', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', system: 'Android' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', system: 'iOS' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0',
      ),
    ).toEqual({ browser: 'Edge', system: 'Windows' });
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/140.0 Safari/537.36')).toEqual({
      browser: 'Chrome',
      system: 'Linux',
    });
  });

  it('admits what it does not know', () => {
    expect(describeUserAgent(null)).toEqual({ browser: null, system: null });
    expect(describeUserAgent('curl/8.5')).toEqual({ browser: null, system: null });
  });
});
