import { type RequestOf, sessionEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';

/** Completes a login held back for a new IP or two-factor, sealed. */
export const verifyLogin = (body: RequestOf<typeof sessionEndpoints.loginVerify>) =>
  callEndpoint(sessionEndpoints.loginVerify, { body });
