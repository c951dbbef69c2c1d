import { memberEndpoints, type RequestOf } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';

/** Changes the login password (sealed); every other session of the member ends. */
export const changePassword = (body: RequestOf<typeof memberEndpoints.changePassword>) =>
  callEndpoint(memberEndpoints.changePassword, { body });
