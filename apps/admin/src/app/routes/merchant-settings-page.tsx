import { useParams } from 'react-router';
import { MerchantSettingsEditor } from '../../features/merchants/components/settings/merchant-settings-editor';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { useCurrentOperator } from '../layouts/operator-outlet-context';

export const MerchantSettingsPage = () => {
  const { code = '' } = useParams();
  const operator = useCurrentOperator();
  return <MerchantSettingsEditor code={code} canEdit={canOperator(operator.role, 'merchant.update')} />;
};
