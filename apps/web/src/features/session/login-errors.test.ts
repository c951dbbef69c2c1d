import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/api-error';
import { needsCaptcha, pendingVerificationOf } from './login-errors';

const context = { agentLogin: false, remember: null };

describe('login failures', () => {
  it('show the captcha when the server says so, by flag or by code', () => {
    expect(needsCaptcha(new ApiError('login_failed', [], { captcha: true }, 401))).toBe(true);
    expect(needsCaptcha(new ApiError('login_failed', [], { captcha: false }, 401))).toBe(false);
    expect(needsCaptcha(new ApiError('captcha_required', [], null, 400))).toBe(true);
    expect(needsCaptcha(new ApiError('captcha_invalid', [], { captcha: true }, 400))).toBe(true);
    expect(needsCaptcha(new Error('x'))).toBe(false);
  });

  it('turn login_verify_required into the verification step, and nothing else', () => {
    const value = {
      verifyToken: 'verify-token-123',
      twoFactor: false,
      methods: ['sms', 'payee'],
      mobileMasked: '+65•••••567',
      emailMasked: null,
    };
    expect(pendingVerificationOf(new ApiError('login_verify_required', [], value, 403), context)).toEqual({
      ...value,
      ...context,
    });
    expect(pendingVerificationOf(new ApiError('login_verify_required', [], { bad: 1 }, 403), context)).toBeNull();
    expect(pendingVerificationOf(new ApiError('login_failed', [], value, 401), context)).toBeNull();
  });
});
