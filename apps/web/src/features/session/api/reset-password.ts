import { accountEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';

/** Sets a new password with the token of an e-mailed reset link, sealed. */
export const resetPassword = (body: RequestOf<typeof accountEndpoints.resetPassword>) =>
  callEndpoint(accountEndpoints.resetPassword, { body });
