import { type RequestOf, registerEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';

type RegistrationBody = RequestOf<typeof registerEndpoints.register>;

/** Registers by username (REG3) and logs in; sealed. */
export const registerByUsername = (body: RegistrationBody) => callEndpoint(registerEndpoints.register, { body });
