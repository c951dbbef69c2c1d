import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { merchantQueryOptions } from '../../features/merchants/api/get-merchant';
import { PromotionApplications } from '../../features/promotions/components/promotion-applications';
import { PromotionEngine } from '../../features/promotions/components/promotion-engine';
import { Raffles } from '../../features/promotions/components/raffles';
import { RedEnvelopes } from '../../features/promotions/components/red-envelopes';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { PageHeader } from '../../shared/ui/page-header';
import { ErrorState, LoadingState } from '../../shared/ui/page-state';
import { Tabs } from '../../shared/ui/tabs';
import { useCurrentOperator } from '../layouts/operator-outlet-context';
import { MerchantIndexPage } from './merchant-index-page';
import styles from './rebate-page.module.css';

const promotionsPathOf = (code: string) => `/merchants/${encodeURIComponent(code)}/promotions`;

type PromotionsTab = 'promotions' | 'applications' | 'redEnvelopes' | 'raffles';

/** /promotions: a merchant's operator goes straight to its promotions; a platform operator picks the merchant first. */
export const PromotionsIndexPage = () => {
  const { t } = useTranslation();
  const operator = useCurrentOperator();
  return (
    <MerchantIndexPage
      permission={canOperator(operator.role, 'promotions.read') ? 'promotions.read' : 'promotions.review'}
      title={t('promotions.title')}
      description={t('promotions.pickMerchant')}
      pathOf={promotionsPathOf}
    />
  );
};

/**
 * /merchants/:code/promotions: the promotion engine's editor with each promotion's figures and the manual grant
 * (owner, finance, content change promotions; owner and finance grant), the application review queue (owner,
 * finance, risk, support), the red envelopes with their figures (`?tab=redEnvelopes`) and the raffles with
 * theirs (`?tab=raffles`).
 */
export const PromotionsPage = () => {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const operator = useCurrentOperator();
  const [searchParams, setSearchParams] = useSearchParams();
  const canRead = canOperator(operator.role, 'promotions.read');
  const canReview = canOperator(operator.role, 'promotions.review');
  const merchant = useQuery({ ...merchantQueryOptions(code), enabled: canRead || canReview });
  if (!canRead && !canReview) return <Navigate to="/merchants" replace />;
  const asked = searchParams.get('tab');
  const tab: PromotionsTab =
    (asked === 'applications' && canReview) || !canRead
      ? 'applications'
      : asked === 'redEnvelopes' || asked === 'raffles'
        ? asked
        : 'promotions';
  const tabs = [
    ...(canRead ? [{ id: 'promotions' as const, label: t('promotions.listTab') }] : []),
    ...(canReview ? [{ id: 'applications' as const, label: t('promotions.applicationsTab') }] : []),
    ...(canRead ? [{ id: 'redEnvelopes' as const, label: t('redEnvelopes.tab') }] : []),
    ...(canRead ? [{ id: 'raffles' as const, label: t('raffles.tab') }] : []),
  ];
  return (
    <>
      <PageHeader
        title={t('promotions.title')}
        description={t('promotions.description', { code })}
        breadcrumb={<Link to="/promotions">{t('promotions.title')}</Link>}
      />
      {tabs.length > 1 ? (
        <Tabs
          label={t('promotions.title')}
          tabs={tabs}
          value={tab}
          onChange={(item) => setSearchParams(item === 'promotions' ? {} : { tab: item }, { replace: true })}
        />
      ) : null}
      <div role="tabpanel" className={styles.panel}>
        {merchant.isPending ? (
          <LoadingState />
        ) : merchant.isError ? (
          <ErrorState error={merchant.error} onRetry={() => void merchant.refetch()} />
        ) : tab === 'applications' ? (
          <PromotionApplications code={code} canReview={canReview} />
        ) : tab === 'raffles' ? (
          <Raffles
            code={code}
            settings={merchant.data.settings}
            canManage={canOperator(operator.role, 'promotions.manage')}
          />
        ) : tab === 'redEnvelopes' ? (
          <RedEnvelopes
            code={code}
            settings={merchant.data.settings}
            canManage={canOperator(operator.role, 'promotions.manage')}
          />
        ) : (
          <PromotionEngine
            code={code}
            settings={merchant.data.settings}
            canManage={canOperator(operator.role, 'promotions.manage')}
            canGrant={canOperator(operator.role, 'bonuses.manage')}
            canReadVip={canOperator(operator.role, 'vip.read')}
          />
        )}
      </div>
    </>
  );
};
