import { sessionEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';

/** DELETE /wps/session/logout: ends this session on the server. */
export const logout = () => callEndpoint(sessionEndpoints.logout);
