import { HeaderPoints, usePointsShown } from '../../features/points/components/header-points';
import { MemberPromotionsState } from '../../features/promotions/components/member-promotions-state';
import { VipLabel } from '../../features/promotions/components/vip-label';
import { SessionClock } from '../../features/responsible-gaming/components/session-clock';
import { UserMenu } from '../../features/session/components/user-menu';
import { HeaderBalance } from '../../features/wallet/components/header-balance';
import { CoinsIcon } from '../../shared/ui/icons/icons';

/**
 * The logged-in header's parts: the session's elapsed time (with its reality checks), the balance with its deposit button, and the member's menu with their VIP label and,
 * where the merchant has the points mall, the current points leading to it. The member's VIP state and reward count
 * are kept here, loaded with the logged-in header only.
 */
export const MemberHeaderParts = () => {
  const isPointsShown = usePointsShown();
  return (
    <>
      <MemberPromotionsState />
      <SessionClock />
      <HeaderBalance />
      <UserMenu
        vipLabel={<VipLabel />}
        links={
          isPointsShown ? [{ name: 'points', to: '/pointMall', icon: <CoinsIcon />, label: <HeaderPoints /> }] : []
        }
      />
    </>
  );
};
