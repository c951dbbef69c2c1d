import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { MerchantPicker } from '../../features/merchants/components/merchant-picker';
import { ReferralSettings } from '../../features/promotions/components/referral-settings';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { PageHeader } from '../../shared/ui/page-header';
import { useCurrentOperator } from '../layouts/operator-outlet-context';

const promotionsPathOf = (code: string) => `/merchants/${encodeURIComponent(code)}/promotions`;

/** /promotions: a merchant's operator goes straight to its promotions; a platform operator picks the merchant first. */
export const PromotionsIndexPage = () => {
  const { t } = useTranslation();
  const operator = useCurrentOperator();
  if (!canOperator(operator.role, 'referral.read')) return <Navigate to="/merchants" replace />;
  if (operator.merchantCode) return <Navigate to={promotionsPathOf(operator.merchantCode)} replace />;
  return (
    <>
      <PageHeader title={t('promotions.title')} description={t('promotions.pickMerchant')} />
      <MerchantPicker pathOf={promotionsPathOf} />
    </>
  );
};

/** /merchants/:code/promotions: the merchant's referral programme (owner and finance change it; risk, support read). */
export const PromotionsPage = () => {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const operator = useCurrentOperator();
  if (!canOperator(operator.role, 'referral.read')) return <Navigate to="/merchants" replace />;
  return (
    <>
      <PageHeader
        title={t('promotions.title')}
        description={t('promotions.description', { code })}
        breadcrumb={<Link to="/promotions">{t('promotions.title')}</Link>}
      />
      <ReferralSettings code={code} canManage={canOperator(operator.role, 'referral.manage')} />
    </>
  );
};
