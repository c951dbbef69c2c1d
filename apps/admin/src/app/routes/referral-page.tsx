import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ReferralSettings } from '../../features/promotions/components/referral-settings';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { PageHeader } from '../../shared/ui/page-header';
import { useCurrentOperator } from '../layouts/operator-outlet-context';
import { MerchantIndexPage } from './merchant-index-page';

const referralPathOf = (code: string) => `/merchants/${encodeURIComponent(code)}/referral`;

/** /referral: a merchant's operator goes straight to its referral programme; a platform operator picks first. */
export const ReferralIndexPage = () => {
  const { t } = useTranslation();
  return (
    <MerchantIndexPage
      permission="referral.read"
      title={t('referral.title')}
      description={t('referral.pickMerchant')}
      pathOf={referralPathOf}
    />
  );
};

/** /merchants/:code/referral: the merchant's referral programme (owner and finance change it; risk, support read). */
export const ReferralPage = () => {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const operator = useCurrentOperator();
  if (!canOperator(operator.role, 'referral.read')) return <Navigate to="/merchants" replace />;
  return (
    <>
      <PageHeader
        title={t('referral.title')}
        description={t('referral.description', { code })}
        breadcrumb={<Link to="/referral">{t('referral.title')}</Link>}
      />
      <ReferralSettings code={code} canManage={canOperator(operator.role, 'referral.manage')} />
    </>
  );
};
