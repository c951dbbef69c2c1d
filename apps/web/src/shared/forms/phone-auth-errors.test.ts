import { describe, expect, it } from 'vitest';
import { phoneAuthKeyOf } from './phone-auth-errors';

describe('phone-authentication messages', () => {
  it('map the server codes of SMS flows onto the phone messages of spec section 8', () => {
    expect(phoneAuthKeyOf('in_mobileNum_error')).toBe('auth/invalid-phone-number');
    expect(phoneAuthKeyOf('sms_too_frequent')).toBe('auth/too-many-requests');
    expect(phoneAuthKeyOf('too_many_requests')).toBe('auth/too-many-requests');
    expect(phoneAuthKeyOf('verification_code_invalid')).toBe('auth/invalid-verification-code');
    expect(phoneAuthKeyOf('enter_verification_code')).toBe('auth/missing-verification-code');
    expect(phoneAuthKeyOf('verification_code_expired')).toBe('auth/code-expired');
    expect(phoneAuthKeyOf('bot_check_failed')).toBe('auth/captcha-check-failed');
    expect(phoneAuthKeyOf('function.not.available')).toBe('auth/operation-not-allowed');
    expect(phoneAuthKeyOf('unknown_error')).toBe('auth/unknown');
  });

  it('give an empty number or code its own message, and leave other codes alone', () => {
    expect(phoneAuthKeyOf('not_empty', 'mobileNum')).toBe('auth/missing-phone-number');
    expect(phoneAuthKeyOf('not_empty', 'verificationCode')).toBe('auth/missing-verification-code');
    expect(phoneAuthKeyOf('not_empty', 'password')).toBe('not_empty');
    expect(phoneAuthKeyOf('mobile_taken')).toBe('mobile_taken');
  });
});
