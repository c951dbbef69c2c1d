import { accountEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';

/** Forgot password by phone: the SMS code (purpose 'reset') and the new password, sealed. */
export const setPasswordByPhone = (body: RequestOf<typeof accountEndpoints.setPasswordByPhone>) =>
  callEndpoint(accountEndpoints.setPasswordByPhone, { body });
