import type { LoginVerifyMethod } from '@tessera/contracts';

/** How each way of confirming a new-IP login is named in the verification step. */
export const verifyMethodLabelKeys: Readonly<Record<LoginVerifyMethod, string>> = {
  sms: 'login_2fa_mobile',
  email: 'login_2fa_email',
  payee: 'login_2fa_payee',
  totp: 'google_verification',
};
