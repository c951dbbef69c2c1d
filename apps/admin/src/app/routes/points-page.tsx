import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { MemberPoints } from '../../features/points/components/member-points';
import { PointItems } from '../../features/points/components/point-items';
import { PointRedemptions } from '../../features/points/components/point-redemptions';
import { PointRules } from '../../features/points/components/point-rules-form';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { PageHeader } from '../../shared/ui/page-header';
import { Tabs } from '../../shared/ui/tabs';
import { useCurrentOperator } from '../layouts/operator-outlet-context';
import { MerchantIndexPage } from './merchant-index-page';

const pointsTabs = ['redemptions', 'items', 'rules', 'member'] as const;
type PointsTab = (typeof pointsTabs)[number];

const pointsPathOf = (code: string) => `/merchants/${encodeURIComponent(code)}/points`;

/** /points: a merchant's points, or a merchant to pick first. */
export const PointsIndexPage = () => {
  const { t } = useTranslation();
  return (
    <MerchantIndexPage
      permission="points.read"
      title={t('points.title')}
      description={t('points.pickMerchant')}
      pathOf={pointsPathOf}
    />
  );
};

/**
 * /merchants/:code/points: the redemption queue, the mall's goods, the rules (rates, ratios, text) and a member's
 * points; owner and finance change them, the other readers see them.
 */
export const PointsPage = () => {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const operator = useCurrentOperator();
  const [searchParams, setSearchParams] = useSearchParams();
  if (!canOperator(operator.role, 'points.read')) return <Navigate to="/merchants" replace />;
  const asked = searchParams.get('tab') as PointsTab | null;
  const tab: PointsTab = asked && pointsTabs.includes(asked) ? asked : 'redemptions';
  const memberId = searchParams.get('member');
  const canManage = canOperator(operator.role, 'points.manage');
  const memberPathOf = (id: string) => `${pointsPathOf(code)}?tab=member&member=${encodeURIComponent(id)}`;
  return (
    <>
      <PageHeader
        title={t('points.title')}
        description={t('points.description', { code })}
        breadcrumb={<Link to="/points">{t('points.title')}</Link>}
      />
      <Tabs
        label={t('points.title')}
        tabs={pointsTabs.map((id) => ({ id, label: t(`points.tab.${id}`) }))}
        value={tab}
        onChange={(item) => setSearchParams(item === 'redemptions' ? {} : { tab: item }, { replace: true })}
      />
      <div role="tabpanel">
        {tab === 'redemptions' ? (
          <PointRedemptions code={code} canManage={canManage} memberPathOf={memberPathOf} />
        ) : null}
        {tab === 'items' ? <PointItems code={code} canManage={canManage} /> : null}
        {tab === 'rules' ? <PointRules code={code} canManage={canManage} /> : null}
        {tab === 'member' ? (
          <MemberPoints
            code={code}
            memberId={memberId}
            canManage={canManage}
            onSelect={(id) => setSearchParams({ tab: 'member', member: id }, { replace: true })}
          />
        ) : null}
      </div>
    </>
  );
};
