import { type RequestOf, walletEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';

/** Moves money from the main wallet to the member's upline agent, checked by the withdraw password (sealed). */
export const transferUpline = (body: RequestOf<typeof walletEndpoints.transferUpline>) =>
  callEndpoint(walletEndpoints.transferUpline, { body });
