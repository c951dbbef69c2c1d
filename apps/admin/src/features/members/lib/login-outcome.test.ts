import { describe, expect, it } from 'vitest';
import { loginMethodKey, loginOutcomeOf } from './login-outcome';

describe('loginOutcomeOf', () => {
  it('reads a success as such, whatever the reason column says', () => {
    expect(loginOutcomeOf({ success: true, reason: null })).toEqual({
      tone: 'success',
      key: 'loginResults.success',
      rawReason: null,
    });
  });

  it('marks logins held for verification as warnings and refusals as dangers', () => {
    expect(loginOutcomeOf({ success: false, reason: 'new_ip' })).toEqual({
      tone: 'warning',
      key: 'loginReasons.new_ip',
      rawReason: null,
    });
    expect(loginOutcomeOf({ success: false, reason: 'two_factor' }).tone).toBe('warning');
    expect(loginOutcomeOf({ success: false, reason: 'password' })).toEqual({
      tone: 'danger',
      key: 'loginReasons.password',
      rawReason: null,
    });
    expect(loginOutcomeOf({ success: false, reason: 'locked' }).key).toBe('loginReasons.locked');
  });

  it('keeps a reason it does not know, to show it as the server wrote it', () => {
    expect(loginOutcomeOf({ success: false, reason: 'geo_block' })).toEqual({
      tone: 'danger',
      key: 'loginReasons.other',
      rawReason: 'geo_block',
    });
    expect(loginOutcomeOf({ success: false, reason: null })).toEqual({
      tone: 'danger',
      key: 'loginReasons.other',
      rawReason: null,
    });
  });
});

describe('loginMethodKey', () => {
  it('names known methods and leaves others to be shown raw', () => {
    expect(loginMethodKey('password')).toBe('loginMethods.password');
    expect(loginMethodKey('verify_ip')).toBe('loginMethods.verify_ip');
    expect(loginMethodKey('carrier_pigeon')).toBeNull();
  });
});
