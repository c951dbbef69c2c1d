import { accountEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';

/** Forgot password by e-mail (a form post): the server mails a reset link when username and e-mail match. */
export const forgotPasswordByEmail = (body: RequestOf<typeof accountEndpoints.forgotPasswordByEmail>) =>
  callEndpoint(accountEndpoints.forgotPasswordByEmail, { body });
