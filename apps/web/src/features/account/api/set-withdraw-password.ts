import { accountEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';

/** Sets the withdraw password (proving the login password) or changes it (proving the old one), sealed. */
export const setWithdrawPassword = (body: RequestOf<typeof accountEndpoints.withdrawPassword>) =>
  callEndpoint(accountEndpoints.withdrawPassword, { body });
