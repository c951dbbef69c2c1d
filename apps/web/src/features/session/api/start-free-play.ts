import { type RequestOf, sessionEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';

/** Starts a free-play trial account (FREEPLAY3). */
export const startFreePlay = (body: RequestOf<typeof sessionEndpoints.freePlay>) =>
  callEndpoint(sessionEndpoints.freePlay, { body });
