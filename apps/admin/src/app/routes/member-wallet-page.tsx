import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { MemberWallet } from '../../features/cashier/components/member-wallet';
import { MemberRewards } from '../../features/promotions/components/member-rewards';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { PageHeader } from '../../shared/ui/page-header';
import { useCurrentOperator } from '../layouts/operator-outlet-context';

/** A member's wallet, ledger and rewards; finance and owners can adjust the balance from here. */
export const MemberWalletPage = () => {
  const { t } = useTranslation();
  const operator = useCurrentOperator();
  const { code = '', memberId = '' } = useParams();
  if (!canOperator(operator.role, 'member.wallet')) return <Navigate to="/merchants" replace />;
  return (
    <>
      <PageHeader
        title={t('cashier.walletTitle')}
        description={<Link to={`/cashier?merchant=${code}`}>{t('cashier.backToDesk')}</Link>}
      />
      <MemberWallet code={code} memberId={memberId} canAdjust={canOperator(operator.role, 'cashier.adjust')} />
      <MemberRewards code={code} memberId={memberId} />
    </>
  );
};
