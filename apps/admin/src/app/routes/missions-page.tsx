import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { MissionsList } from '../../features/missions/components/missions-list';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { PageHeader } from '../../shared/ui/page-header';
import { useCurrentOperator } from '../layouts/operator-outlet-context';
import { MerchantIndexPage } from './merchant-index-page';

const missionsPathOf = (code: string) => `/merchants/${encodeURIComponent(code)}/missions`;

/** /missions: a merchant's missions, or a merchant to pick first. */
export const MissionsIndexPage = () => {
  const { t } = useTranslation();
  return (
    <MerchantIndexPage
      permission="missions.read"
      title={t('missions.title')}
      description={t('missions.pickMerchant')}
      pathOf={missionsPathOf}
    />
  );
};

/** /merchants/:code/missions: the merchant's missions with their figures; owner and finance add and edit them. */
export const MissionsPage = () => {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const operator = useCurrentOperator();
  if (!canOperator(operator.role, 'missions.read')) return <Navigate to="/merchants" replace />;
  return (
    <>
      <PageHeader
        title={t('missions.title')}
        description={t('missions.description', { code })}
        breadcrumb={<Link to="/missions">{t('missions.title')}</Link>}
      />
      <MissionsList code={code} canManage={canOperator(operator.role, 'missions.manage')} />
    </>
  );
};
