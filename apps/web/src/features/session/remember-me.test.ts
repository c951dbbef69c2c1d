import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readRememberedSms, readRememberedUsername, saveRememberChoice } from './remember-me';

/** A cookie jar as the browser keeps it: each write sets or (max-age=0) deletes one cookie. */
const cookieJar = () => {
  const cookies = new Map<string, { value: string; maxAge: number }>();
  return {
    cookies,
    get cookie() {
      return [...cookies].map(([name, { value }]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      const [pair = '', ...attributes] = line.split('; ');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const maxAge = Number(attributes.find((a) => a.startsWith('max-age='))?.slice(8) ?? '-1');
      if (maxAge === 0) cookies.delete(name);
      else cookies.set(name, { value: pair.slice(at + 1), maxAge });
    },
  };
};

let jar: ReturnType<typeof cookieJar>;

beforeEach(() => {
  jar = cookieJar();
  vi.stubGlobal('document', jar);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('remember me', () => {
  it('keeps the username for one day and nothing else, never the password', () => {
    saveRememberChoice('demo', { kind: 'username', username: 'Alice01', isOn: true });
    expect(readRememberedUsername('demo')).toBe('Alice01');
    expect([...jar.cookies.keys()].sort()).toEqual(['demo-login', 'loginRemember']);
    expect([...jar.cookies.values()].map((cookie) => cookie.maxAge)).toEqual([86_400, 86_400]);
    expect(jar.cookie).not.toMatch(/Secret|password/i);
  });

  it('remembers the SMS number and forgets everything when the box is unticked', () => {
    saveRememberChoice('demo', { kind: 'sms', sms: { mobileNum: '81234567', countryDialingCode: '65' }, isOn: true });
    expect(readRememberedSms()).toEqual({ mobileNum: '81234567', countryDialingCode: '65' });
    saveRememberChoice('demo', { kind: 'username', username: 'Alice01', isOn: false });
    expect(readRememberedSms()).toBeNull();
    expect(readRememberedUsername('demo')).toBeNull();
    expect(jar.cookies.size).toBe(0);
  });

  it('ignores a remembered name of another merchant', () => {
    saveRememberChoice('demo', { kind: 'username', username: 'Alice01', isOn: true });
    expect(readRememberedUsername('other')).toBeNull();
  });
});
