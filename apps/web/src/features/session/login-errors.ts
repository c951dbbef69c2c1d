import { loginVerifyRequiredSchema } from '@tessera/contracts';
import { isApiError } from '../../shared/api/api-error';
import type { PendingVerification } from './login-flow-store';
import type { RememberChoice } from './remember-me';

export interface LoginContext {
  /** Logged in from the agent page: continue to /agentHome. */
  agentLogin: boolean;
  remember: RememberChoice | null;
}

/** The verification a `login_verify_required` failure asks for, or null for any other failure. */
export const pendingVerificationOf = (error: unknown, context: LoginContext): PendingVerification | null => {
  if (!isApiError(error) || error.code !== 'login_verify_required') return null;
  const parsed = loginVerifyRequiredSchema.safeParse(error.value);
  return parsed.success ? { ...parsed.data, ...context } : null;
};

/** Whether a failed login asks for the captcha (spec section 4, step 6). */
export const needsCaptcha = (error: unknown): boolean => {
  if (!isApiError(error)) return false;
  if (error.code === 'captcha_required' || error.code === 'captcha_invalid') return true;
  const value = error.value;
  return typeof value === 'object' && value !== null && (value as { captcha?: unknown }).captcha === true;
};
