import { accountEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';

/** Confirms enrolment with a current code; answers the ten recovery codes, shown once. */
export const enableTwoFactor = (code: string) => callEndpoint(accountEndpoints.twoFactorEnable, { body: { code } });
