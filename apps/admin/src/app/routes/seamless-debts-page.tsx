import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { SeamlessDebts } from '../../features/seamless/components/seamless-debts';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { PageHeader } from '../../shared/ui/page-header';
import { useCurrentOperator } from '../layouts/operator-outlet-context';
import { MerchantIndexPage } from './merchant-index-page';

const debtsPathOf = (code: string) => `/merchants/${encodeURIComponent(code)}/game-debts`;

/** /game-debts: members' debts from game providers' resettlements, or a merchant to pick first. */
export const SeamlessDebtsIndexPage = () => {
  const { t } = useTranslation();
  return (
    <MerchantIndexPage
      permission="games.read"
      title={t('seamlessDebts.title')}
      description={t('seamlessDebts.pickMerchant')}
      pathOf={debtsPathOf}
    />
  );
};

/** /merchants/:code/game-debts: the merchant's members' debts (decision 0117). */
export const SeamlessDebtsPage = () => {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const operator = useCurrentOperator();
  if (!canOperator(operator.role, 'games.read')) return <Navigate to="/merchants" replace />;
  return (
    <>
      <PageHeader
        title={t('seamlessDebts.title')}
        description={t('seamlessDebts.description', { code })}
        breadcrumb={<Link to="/game-debts">{t('seamlessDebts.title')}</Link>}
      />
      <SeamlessDebts code={code} />
    </>
  );
};
