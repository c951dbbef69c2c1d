import { flattenWhitelabel, type LoginVerifyMethod, loginVerifyMethods, type WhitelabelNode } from '@tessera/contracts';

/** The module that makes a sign-in from an unknown IP wait for one of the merchant's verification methods. */
export const NEW_IP_VERIFICATION_MODULE = 'LOGINIPVERF3';

/** Turns one method on or off, keeping the platform's order (sms, email, payee, totp) and no duplicates. */
export const toggleLoginVerifyMethod = (
  methods: readonly LoginVerifyMethod[],
  method: LoginVerifyMethod,
  isOn: boolean,
): LoginVerifyMethod[] => loginVerifyMethods.filter((m) => (m === method ? isOn : methods.includes(m)));

/** Whether the whitelabel tree (a draft included) has new-IP verification on, its parents on too. */
export const isNewIpVerificationOn = (whitelabel: readonly WhitelabelNode[]): boolean =>
  flattenWhitelabel(whitelabel)[NEW_IP_VERIFICATION_MODULE] === true;
