import { registerEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';

/** Checks an invitation (affiliate) code before registering; an unknown one fails with invitation_code_error. */
export const checkAffiliate = (code: string, domain: string) =>
  callEndpoint(registerEndpoints.affiliate, { query: { code, domain } });
