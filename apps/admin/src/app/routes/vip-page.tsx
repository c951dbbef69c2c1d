import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { MerchantPicker } from '../../features/merchants/components/merchant-picker';
import { VipLevels } from '../../features/promotions/components/vip-levels';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { PageHeader } from '../../shared/ui/page-header';
import { useCurrentOperator } from '../layouts/operator-outlet-context';

/** /vip: a merchant's operator goes straight to its VIP levels; a platform operator picks the merchant first. */
export const VipIndexPage = () => {
  const { t } = useTranslation();
  const operator = useCurrentOperator();
  if (!canOperator(operator.role, 'vip.read')) return <Navigate to="/merchants" replace />;
  if (operator.merchantCode) {
    return <Navigate to={`/merchants/${encodeURIComponent(operator.merchantCode)}/vip`} replace />;
  }
  return (
    <>
      <PageHeader title={t('vip.title')} description={t('vip.pickMerchant')} />
      <MerchantPicker pathOf={(code) => `/merchants/${encodeURIComponent(code)}/vip`} />
    </>
  );
};

/** /merchants/:code/vip: the merchant's VIP levels (owner, finance, risk, support read; owner and finance change). */
export const VipPage = () => {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const operator = useCurrentOperator();
  if (!canOperator(operator.role, 'vip.read')) return <Navigate to="/merchants" replace />;
  return (
    <>
      <PageHeader
        title={t('vip.title')}
        description={t('vip.description', { code })}
        breadcrumb={<Link to="/vip">{t('vip.title')}</Link>}
      />
      <VipLevels code={code} canManage={canOperator(operator.role, 'vip.manage')} />
    </>
  );
};
