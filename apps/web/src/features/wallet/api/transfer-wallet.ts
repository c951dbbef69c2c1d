import { type RequestOf, walletEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';

/** Moves money between the main wallet and a game wallet; answers every wallet's new balance. */
export const transferWallet = (body: RequestOf<typeof walletEndpoints.transfer>) =>
  callEndpoint(walletEndpoints.transfer, { body });
