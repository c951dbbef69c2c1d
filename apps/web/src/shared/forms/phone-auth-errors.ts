/**
 * The phone-authentication messages of spec section 8. Our server's codes for SMS flows map onto them where
 * they mean the same thing, so a member sees the phone wording whichever way the failure arrived.
 */
export const phoneAuthCodes = [
  'auth/invalid-phone-number',
  'auth/missing-phone-number',
  'auth/too-many-requests',
  'auth/invalid-verification-code',
  'auth/missing-verification-code',
  'auth/code-expired',
  'auth/captcha-check-failed',
  'auth/quota-exceeded',
  'auth/operation-not-allowed',
  'auth/popup-closed-by-user',
  'auth/unknown',
] as const;
export type PhoneAuthCode = (typeof phoneAuthCodes)[number];

const fromServer: Readonly<Record<string, PhoneAuthCode>> = {
  in_mobileNum_error: 'auth/invalid-phone-number',
  sms_too_frequent: 'auth/too-many-requests',
  sms_quota_exceeded: 'auth/quota-exceeded',
  too_many_requests: 'auth/too-many-requests',
  verification_code_invalid: 'auth/invalid-verification-code',
  enter_verification_code: 'auth/missing-verification-code',
  verification_code_expired: 'auth/code-expired',
  bot_check_failed: 'auth/captcha-check-failed',
  bot_check_required: 'auth/captcha-check-failed',
  'function.not.available': 'auth/operation-not-allowed',
  unknown_error: 'auth/unknown',
};

/** Fields that hold a phone number or an SMS code: an empty one has its own phone message. */
const emptyOf: Readonly<Record<string, PhoneAuthCode>> = {
  mobileNum: 'auth/missing-phone-number',
  mobileNo: 'auth/missing-phone-number',
  verificationCode: 'auth/missing-verification-code',
  code: 'auth/missing-verification-code',
};

/**
 * The message key for a failure in a phone flow (SMS login, SMS codes, reset by phone). `field` is the form
 * field the error belongs to, if any. Codes with no phone counterpart pass through unchanged.
 */
export const phoneAuthKeyOf = (code: string, field?: string): string => {
  if (code === 'not_empty' && field !== undefined) return emptyOf[field] ?? code;
  return fromServer[code] ?? code;
};
