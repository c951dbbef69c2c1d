import { cashierEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';

/** Attaches proof images of a bank transfer to the member's own order (multipart); answers the order. */
export const addDepositProofs = (id: string, proofs: readonly File[]) =>
  callEndpoint(cashierEndpoints.addDepositProofs, { params: { id }, body: {}, files: proofs });
