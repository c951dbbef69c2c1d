import { useQueryClient } from '@tanstack/react-query';
import type { LoginValue } from '@tessera/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { loadMemberInfo, storeSessionToken } from '../../shared/account/member-session';
import { useShellStore } from '../../shared/state/shell-store';
import { readSession } from '../../shared/storage/browser-storage';
import { sessionKeys } from '../../shared/storage/storage-keys';
import type { LoginContext } from './login-errors';
import { useLoginFlowStore } from './login-flow-store';
import { saveRememberChoice } from './remember-me';

/**
 * Steps 2 to 5 of spec section 4 "Login flow" after the server said yes: store the token, save the
 * remember-me cookies, load member info (login state), then the forced password change, the agent centre or
 * the after-login popup.
 */
export const useCompleteLogin = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const openDialog = useShellStore((state) => state.openDialog);
  const closeDialog = useShellStore((state) => state.closeDialog);
  const clearPending = useLoginFlowStore((state) => state.clearPending);

  return useCallback(
    async (value: LoginValue, context: LoginContext): Promise<void> => {
      storeSessionToken(value.token);
      const merchant = readSession(sessionKeys.merchant);
      if (context.remember && merchant) saveRememberChoice(merchant, context.remember);
      const info = await loadMemberInfo(queryClient, { firstTimeLogin: value.firstTimeLogin });
      clearPending();
      if (value.mustChangePassword || info.mustChangePassword) {
        openDialog('changePassword');
        return;
      }
      if (context.agentLogin) {
        closeDialog();
        navigate('/agentHome');
        return;
      }
      openDialog('afterLogin');
    },
    [queryClient, navigate, openDialog, closeDialog, clearPending],
  );
};
