import { Navigate } from 'react-router';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { useCurrentOperator } from '../layouts/operator-outlet-context';

/** After sign-in: the dashboard for the roles that read it, the merchants list for the others. */
export const HomeRedirect = () => {
  const operator = useCurrentOperator();
  return <Navigate to={canOperator(operator.role, 'reports.dashboard') ? '/dashboard' : '/merchants'} replace />;
};
