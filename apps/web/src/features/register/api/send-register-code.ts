import { type RequestOf, registerEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';

/**
 * Sends the registration SMS code; the module id says which form asks (REGMOBVERF3 for the username form,
 * MOBILENUMREG3 for the mobile form).
 */
export const sendRegisterCode = (
  body: RequestOf<typeof registerEndpoints.smsCode>,
  moduleId: 'REGMOBVERF3' | 'MOBILENUMREG3',
) => callEndpoint(registerEndpoints.smsCode, { body, moduleId });
