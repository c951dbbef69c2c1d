import { deleteCookie, readCookie, writeCookie } from '../../shared/storage/cookies';
import { cookieNames, REMEMBER_ME_MS } from '../../shared/storage/storage-keys';

/**
 * Remember me (api-facts 12.3, spec section 9): for one day the login form is filled with the username, or
 * the SMS number. The password is never remembered, in any form.
 */
export interface RememberedSms {
  mobileNum: string;
  countryDialingCode: string;
}

export type RememberChoice =
  | { kind: 'username'; username: string; isOn: boolean }
  | { kind: 'sms'; sms: RememberedSms; isOn: boolean };

const isOn = (): boolean => readCookie(cookieNames.loginRemember) === '1';

/** The remembered username for this merchant, or null. */
export const readRememberedUsername = (merchant: string): string | null =>
  isOn() ? readCookie(cookieNames.rememberedUsername(merchant)) || null : null;

export const readRememberedSms = (): RememberedSms | null => {
  const text = isOn() ? readCookie(cookieNames.loginTypeSms) : null;
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { mobileNum, countryDialingCode } = value as Record<string, unknown>;
    return typeof mobileNum === 'string' && typeof countryDialingCode === 'string'
      ? { mobileNum, countryDialingCode }
      : null;
  } catch {
    return null;
  }
};

/** After a successful login: remember what was ticked for one day, or forget it all when unticked. */
export const saveRememberChoice = (merchant: string, choice: RememberChoice): void => {
  if (!choice.isOn) {
    deleteCookie(cookieNames.rememberedUsername(merchant));
    deleteCookie(cookieNames.loginTypeSms);
    deleteCookie(cookieNames.loginRemember);
    return;
  }
  writeCookie(cookieNames.loginRemember, '1', REMEMBER_ME_MS);
  if (choice.kind === 'username') {
    writeCookie(cookieNames.rememberedUsername(merchant), choice.username, REMEMBER_ME_MS);
  } else {
    writeCookie(cookieNames.loginTypeSms, JSON.stringify(choice.sms), REMEMBER_ME_MS);
  }
};
