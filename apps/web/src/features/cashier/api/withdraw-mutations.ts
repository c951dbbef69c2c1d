import { type RequestOf, withdrawalEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';

/** Saves a payout method after checking the withdraw password (sealed). */
export const addPayoutMethod = (body: RequestOf<typeof withdrawalEndpoints.addMethod>) =>
  callEndpoint(withdrawalEndpoints.addMethod, { body });

export const removePayoutMethod = (id: string) => callEndpoint(withdrawalEndpoints.removeMethod, { params: { id } });

/** Opens a withdrawal and holds the amount (sealed); a retry with the same requestId answers the same order. */
export const submitWithdrawal = (body: RequestOf<typeof withdrawalEndpoints.submit>) =>
  callEndpoint(withdrawalEndpoints.submit, { body });

/** Confirms receipt of a payout: received, partially or not, with up to 3 proof images (multipart). */
export const confirmWithdrawal = (
  id: string,
  body: RequestOf<typeof withdrawalEndpoints.confirm>,
  proofs: readonly File[],
) => callEndpoint(withdrawalEndpoints.confirm, { params: { id }, body, files: proofs });

/** Cancels one of the member's own pending withdrawals: its held amount returns to the wallet (once). */
export const cancelWithdrawal = (id: string) => callEndpoint(withdrawalEndpoints.cancel, { params: { id } });
