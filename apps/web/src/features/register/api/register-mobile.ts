import { type RequestOf, registerEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';

type RegistrationBody = RequestOf<typeof registerEndpoints.registerMobile>;

/** Registers by mobile number (MOBILENUMREG3), the number being the username, and logs in; sealed. */
export const registerByMobile = (body: RegistrationBody) => callEndpoint(registerEndpoints.registerMobile, { body });
