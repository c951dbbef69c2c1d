import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { obfuscateCustomerServicePath, revealCustomerServicePath } from './customer-service-path';

describe('customer-service path obfuscation', () => {
  it('reveals exactly the URL it hid, for any URL and key', () => {
    fc.assert(
      fc.property(
        fc.webUrl({ withQueryParameters: true, withFragments: true }),
        fc.string({ minLength: 8, maxLength: 8, unit: 'grapheme-ascii' }),
        (url, key) => {
          const path = obfuscateCustomerServicePath(url, key);
          expect(path.endsWith(key)).toBe(true);
          expect(revealCustomerServicePath(path)).toBe(url);
        },
      ),
    );
    // A hundred generated web URLs take a few seconds on a loaded two-core machine.
  }, 30_000);

  it('does not carry the URL in clear, and draws a fresh key each time', () => {
    const url = 'https://chat.example.com/support';
    const a = obfuscateCustomerServicePath(url);
    const b = obfuscateCustomerServicePath(url);
    expect(a).not.toContain('example');
    expect(a).not.toBe(b);
    expect(revealCustomerServicePath(a)).toBe(url);
  });

  it('answers null for anything that is not an obfuscated http(s) URL', () => {
    expect(revealCustomerServicePath('short')).toBeNull();
    expect(revealCustomerServicePath('!!!!notbase64ABCDEFGH')).toBeNull();
    expect(revealCustomerServicePath(obfuscateCustomerServicePath('javascript:alert(1)', 'ABCDEFGH'))).toBeNull();
  });
});
