import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { registerSettingsQueryOptions } from '../shared/account/get-register-settings';
import { loadMemberInfo, storeSessionToken } from '../shared/account/member-session';
import { isApiError } from '../shared/api/api-error';
import { whenIdle } from '../shared/hooks/use-idle';
import { navigateQuietly } from '../shared/routing/navigate-quietly';
import { useShellStore } from '../shared/state/shell-store';
import { hasSessionToken } from '../shared/storage/browser-storage';
import { isProtectedPath } from './route-rules';

/**
 * What site start does for the session (spec section 4 "Session"): a token in the query string or in session
 * storage loads member info, which logs the member in (and brings back a password change still owed); a
 * reset link (`/?resetToken=`) opens the set-new-password popup. Both parameters leave the address bar.
 */
export const useMemberSessionStart = () => {
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const openDialog = useShellStore((state) => state.openDialog);
  const openResetPassword = useShellStore((state) => state.openResetPassword);
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const search = new URLSearchParams(location.search);
    const token = search.get('token');
    const resetToken = search.get('resetToken');
    if (token) storeSessionToken(token);
    if (token || resetToken) {
      search.delete('token');
      search.delete('resetToken');
      const rest = search.toString();
      navigateQuietly(navigate(`${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`, { replace: true }));
    }
    // The register form's settings, for a visitor's first click on register; asked once the first screen is drawn.
    whenIdle(() => void queryClient.prefetchQuery(registerSettingsQueryOptions()));
    if (resetToken) openResetPassword(resetToken);
    if (!hasSessionToken()) return;
    loadMemberInfo(queryClient).then(
      (info) => {
        if (info.mustChangePassword && !resetToken) openDialog('changePassword');
      },
      (error: unknown) => {
        // A lost session is cleared by the API client and the visitor stays logged out; on a page that needs
        // login, the guard's answer applies after all (/login). A network failure leaves the token for later.
        if (!isApiError(error)) throw error;
        if (!hasSessionToken() && isProtectedPath(window.location.pathname)) {
          navigateQuietly(navigate('/login', { replace: true }));
        }
      },
    );
  }, [queryClient, location, navigate, openDialog, openResetPassword]);
};
