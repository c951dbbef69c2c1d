import { useCallback } from 'react';
import { getBotCheck } from '../../shared/security/bot-check';
import { useShellStore } from '../../shared/state/shell-store';
import { login } from './api/login';
import { type LoginContext, pendingVerificationOf } from './login-errors';
import { useLoginFlowStore } from './login-flow-store';
import { useCompleteLogin } from './use-complete-login';

/**
 * Logs in with a password just set (forgot password by phone, reset link; spec section 4). A login the server
 * holds back for verification continues in the login popup's verification step; other failures reject.
 */
export const useAutoLogin = () => {
  const completeLogin = useCompleteLogin();
  const setPending = useLoginFlowStore((state) => state.setPending);
  const openDialog = useShellStore((state) => state.openDialog);
  return useCallback(
    async (account: string, password: string): Promise<void> => {
      const context: LoginContext = { agentLogin: false, remember: null };
      try {
        const value = await login({ username: account, password, type: 'username', botCheck: await getBotCheck() });
        await completeLogin(value, context);
      } catch (error) {
        const pending = pendingVerificationOf(error, context);
        if (!pending) throw error;
        setPending(pending);
        openDialog('login');
      }
    },
    [completeLogin, setPending, openDialog],
  );
};
