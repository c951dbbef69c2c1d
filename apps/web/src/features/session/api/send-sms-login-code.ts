import { type RequestOf, sessionEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';

/**
 * Sends an SMS code for logging in or for resetting the password by phone (purpose 'reset'); the server
 * checks MOBILEVERCODELOGIN3 or CHNGPASSVERIF3 by the purpose.
 */
export const sendSmsLoginCode = (body: RequestOf<typeof sessionEndpoints.smsLoginCode>) =>
  callEndpoint(sessionEndpoints.smsLoginCode, { body });
