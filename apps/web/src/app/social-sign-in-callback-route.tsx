import { LoginVerifyStep } from '../features/session/components/login-verify-step';
import { pendingVerificationOf } from '../features/session/login-errors';
import { SocialSignInCallbackPage } from '../features/social-sign-in/pages/social-sign-in-callback-page';

/**
 * The social sign-in callback with the login's own verification step for a held sign-in (two-factor on,
 * decision 0172): the same component, limits and messages as a held password login.
 */
export const SocialSignInCallbackRoute = () => (
  <SocialSignInCallbackPage
    heldLoginStep={(refusal, { onBack, onSignedIn }) => {
      const pending = pendingVerificationOf(refusal, { agentLogin: false, remember: null });
      return pending ? <LoginVerifyStep pending={pending} onBack={onBack} onSignedIn={onSignedIn} /> : null;
    }}
  />
);
