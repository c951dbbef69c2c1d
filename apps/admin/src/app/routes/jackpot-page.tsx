import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { JackpotPanel } from '../../features/jackpot/components/jackpot-panel';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { PageHeader } from '../../shared/ui/page-header';
import { useCurrentOperator } from '../layouts/operator-outlet-context';
import { MerchantIndexPage } from './merchant-index-page';

const jackpotPathOf = (code: string) => `/merchants/${encodeURIComponent(code)}/jackpot`;

/** /jackpot: a merchant's jackpot, or a merchant to pick first. */
export const JackpotIndexPage = () => {
  const { t } = useTranslation();
  return (
    <MerchantIndexPage
      permission="jackpot.read"
      title={t('jackpot.title')}
      description={t('jackpot.pickMerchant')}
      pathOf={jackpotPathOf}
    />
  );
};

/** /merchants/:code/jackpot: the pool, its settings (owner and finance change them) and its wins with proofs. */
export const JackpotPage = () => {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const operator = useCurrentOperator();
  if (!canOperator(operator.role, 'jackpot.read')) return <Navigate to="/merchants" replace />;
  return (
    <>
      <PageHeader
        title={t('jackpot.title')}
        description={t('jackpot.description', { code })}
        breadcrumb={<Link to="/jackpot">{t('jackpot.title')}</Link>}
      />
      <JackpotPanel code={code} canManage={canOperator(operator.role, 'jackpot.manage')} />
    </>
  );
};
