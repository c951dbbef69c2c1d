import { accountEndpoints } from '@tessera/contracts';
import { callEndpoint } from '../../../shared/api/call-endpoint';

/** Starts authenticator enrolment: a new secret and its otpauth URI; nothing changes until it is confirmed. */
export const startTwoFactor = () => callEndpoint(accountEndpoints.twoFactorSetup, { body: {} });
