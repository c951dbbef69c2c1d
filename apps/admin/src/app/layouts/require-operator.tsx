import { Navigate, Outlet, useLocation } from 'react-router';
import { useMe } from '../../features/session/api/get-me';
import { readSessionToken } from '../../shared/api/session-token';
import { ErrorState, LoadingState } from '../../shared/ui/page-state';
import type { OperatorOutletContext } from './operator-outlet-context';

/** Pages behind it need a signed-in operator; without a token they go to the login page. */
export const RequireOperator = () => {
  const location = useLocation();
  const hasToken = readSessionToken() !== null;
  const me = useMe(hasToken);
  if (!hasToken) {
    return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  if (me.isPending) return <LoadingState />;
  if (me.isError) return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;
  const context: OperatorOutletContext = { operator: me.data };
  return <Outlet context={context} />;
};
