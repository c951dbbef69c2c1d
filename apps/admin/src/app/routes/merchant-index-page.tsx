import { Navigate } from 'react-router';
import { MerchantPicker } from '../../features/merchants/components/merchant-picker';
import { canOperator, type OperatorPermission } from '../../shared/permissions/operator-permissions';
import { PageHeader } from '../../shared/ui/page-header';
import { useCurrentOperator } from '../layouts/operator-outlet-context';

export interface MerchantIndexPageProps {
  /** What the operator needs to open the section at all; without it, the merchants list. */
  permission: OperatorPermission;
  title: string;
  description: string;
  /** The section's page of one merchant. */
  pathOf: (code: string) => string;
}

/**
 * A per-merchant section's index (/games, /content, /rebate): an operator of one merchant goes straight to that
 * merchant's page; a platform operator picks the merchant first.
 */
export const MerchantIndexPage = ({ permission, title, description, pathOf }: MerchantIndexPageProps) => {
  const operator = useCurrentOperator();
  if (!canOperator(operator.role, permission)) return <Navigate to="/merchants" replace />;
  if (operator.merchantCode) return <Navigate to={pathOf(operator.merchantCode)} replace />;
  return (
    <>
      <PageHeader title={title} description={description} />
      <MerchantPicker pathOf={pathOf} />
    </>
  );
};
