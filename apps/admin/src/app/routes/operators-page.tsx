import { Navigate } from 'react-router';
import { useMerchants } from '../../features/merchants/api/list-merchants';
import { OperatorManager } from '../../features/operators/components/operator-manager';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { useCurrentOperator } from '../layouts/operator-outlet-context';

export const OperatorsPage = () => {
  const operator = useCurrentOperator();
  const merchants = useMerchants();
  if (!canOperator(operator.role, 'operator.manage')) return <Navigate to="/merchants" replace />;
  return <OperatorManager actor={operator} merchantCodes={(merchants.data ?? []).map((merchant) => merchant.code)} />;
};
