/** The mobile number format the contracts accept (5 to 15 digits, without the dialing code). */
const MOBILE = /^[0-9]{5,15}$/;

/** A react-hook-form `validate` for a mobile number in a phone flow, with the phone-authentication messages. */
export const validateMobileNumber = (raw: unknown): true | string => {
  const mobile = typeof raw === 'string' ? raw.trim() : '';
  if (mobile === '') return 'auth/missing-phone-number';
  return MOBILE.test(mobile) ? true : 'auth/invalid-phone-number';
};

/** A react-hook-form `validate` for an SMS code in a phone flow. */
export const validateSmsCode = (raw: unknown): true | string =>
  typeof raw === 'string' && raw.trim() !== '' ? true : 'auth/missing-verification-code';
