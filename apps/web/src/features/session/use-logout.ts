import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { endMemberSession } from '../../shared/account/member-session';
import { isApiError } from '../../shared/api/api-error';
import { navigateQuietly } from '../../shared/routing/navigate-quietly';
import { useShellStore } from '../../shared/state/shell-store';
import { logout } from './api/logout';

/**
 * Logout (spec section 2): the server ends the session, session storage is cleared except the merchant code,
 * and the route is replaced with home. A server that cannot be reached does not keep the member signed in on
 * this device: the token is dropped either way, and the server lets the session lapse.
 */
export const useLogout = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const closeDialog = useShellStore((state) => state.closeDialog);
  return useCallback(async () => {
    try {
      await logout();
    } catch (error) {
      if (!isApiError(error)) throw error;
    }
    endMemberSession(queryClient);
    closeDialog();
    navigateQuietly(navigate('/', { replace: true }));
  }, [queryClient, navigate, closeDialog]);
};
