import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { RebateClaims } from '../../features/promotions/components/rebate-claims';
import { RebateSettings } from '../../features/promotions/components/rebate-settings';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { PageHeader } from '../../shared/ui/page-header';
import { Tabs } from '../../shared/ui/tabs';
import { useCurrentOperator } from '../layouts/operator-outlet-context';
import { MerchantIndexPage } from './merchant-index-page';
import styles from './rebate-page.module.css';

const rebatePathOf = (code: string) => `/merchants/${encodeURIComponent(code)}/rebate`;

type RebateTab = 'settings' | 'claims';

/** /rebate: the merchant's rebate, or a merchant to pick first. */
export const RebateIndexPage = () => {
  const { t } = useTranslation();
  return (
    <MerchantIndexPage
      permission="rebate.read"
      title={t('rebate.title')}
      description={t('rebate.pickMerchant')}
      pathOf={rebatePathOf}
    />
  );
};

/** /merchants/:code/rebate: the rebate settings (owner and finance change them) and the members' collections. */
export const RebatePage = () => {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const operator = useCurrentOperator();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: RebateTab = searchParams.get('tab') === 'claims' ? 'claims' : 'settings';
  if (!canOperator(operator.role, 'rebate.read')) return <Navigate to="/merchants" replace />;
  return (
    <>
      <PageHeader
        title={t('rebate.title')}
        description={t('rebate.description', { code })}
        breadcrumb={<Link to="/rebate">{t('rebate.title')}</Link>}
      />
      <Tabs
        label={t('rebate.title')}
        tabs={[
          { id: 'settings', label: t('rebate.settingsTab') },
          { id: 'claims', label: t('rebate.claimsTab') },
        ]}
        value={tab}
        onChange={(item) => setSearchParams(item === 'settings' ? {} : { tab: item }, { replace: true })}
      />
      <div role="tabpanel" className={styles.panel}>
        {tab === 'claims' ? (
          <RebateClaims code={code} />
        ) : (
          <RebateSettings code={code} canManage={canOperator(operator.role, 'rebate.manage')} />
        )}
      </div>
    </>
  );
};
