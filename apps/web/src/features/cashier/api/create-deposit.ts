import { cashierEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';

/** Opens a deposit order; a gateway order answers with the hosted page to send the member to. */
export const createDeposit = (body: RequestOf<typeof cashierEndpoints.createDeposit>) =>
  callEndpoint(cashierEndpoints.createDeposit, { body });
