import { type RequestOf, sessionEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';

/** POST /wps/session/login, sealed: by password (with a bot check) or by SMS code. */
export const login = (body: RequestOf<typeof sessionEndpoints.login>) => callEndpoint(sessionEndpoints.login, { body });
