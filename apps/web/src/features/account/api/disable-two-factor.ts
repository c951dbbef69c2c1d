import { accountEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';

/** Turns two-factor off with the password and a current or recovery code (sealed). */
export const disableTwoFactor = (body: RequestOf<typeof accountEndpoints.twoFactorDisable>) =>
  callEndpoint(accountEndpoints.twoFactorDisable, { body });
