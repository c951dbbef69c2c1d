/** i18n keys for the login methods the server records (session service: password, sms, freeplay, ...). */
export const loginMethodKeys: Readonly<Record<string, string>> = {
  password: 'login_method_password',
  sms: 'login_method_sms',
  freeplay: 'login_method_freeplay',
  register: 'login_method_register',
  verify_ip: 'login_method_verify_ip',
  reset: 'login_method_reset',
};

/** i18n keys for why a login did not complete. */
export const loginFailureKeys: Readonly<Record<string, string>> = {
  password: 'login_failure_password',
  new_ip: 'login_failure_new_ip',
  two_factor: 'login_failure_two_factor',
};
