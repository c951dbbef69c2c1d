import { type RequestOf, sessionEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';

/** Sends the SMS or e-mail code of a held-back login. */
export const sendLoginVerifyCode = (body: RequestOf<typeof sessionEndpoints.loginVerifyCode>) =>
  callEndpoint(sessionEndpoints.loginVerifyCode, { body });
