import { describe, expect, it } from 'vitest';
import { withConnectOrigins } from './static-sites';

const POLICY = "default-src 'self';connect-src 'self' ws: wss:;img-src 'self' data:";

describe("the member page's content security policy", () => {
  it('lets the page reach the origins it is given, each once, and changes nothing else', () => {
    expect(
      withConnectOrigins(POLICY, ['http://127.0.0.1:8080', 'https://m.example.com', 'https://m.example.com']),
    ).toBe(
      "default-src 'self';connect-src 'self' ws: wss: http://127.0.0.1:8080 https://m.example.com;img-src 'self' data:",
    );
    expect(withConnectOrigins(POLICY, [])).toBe(POLICY);
  });

  it('drops anything that is not a bare http(s) origin', () => {
    expect(
      withConnectOrigins(POLICY, ["https://x.example;script-src 'unsafe-inline'", 'javascript:1', 'https://a b', '*']),
    ).toBe(POLICY);
  });
});
