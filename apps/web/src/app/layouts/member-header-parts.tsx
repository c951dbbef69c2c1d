import { MemberPromotionsState } from '../../features/promotions/components/member-promotions-state';
import { VipLabel } from '../../features/promotions/components/vip-label';
import { UserMenu } from '../../features/session/components/user-menu';
import { HeaderBalance } from '../../features/wallet/components/header-balance';

/**
 * The logged-in header's parts: the balance with its deposit button, and the member's menu with their VIP label.
 * The member's VIP state and reward count are kept here, loaded with the logged-in header only.
 */
export const MemberHeaderParts = () => (
  <>
    <MemberPromotionsState />
    <HeaderBalance />
    <UserMenu vipLabel={<VipLabel />} />
  </>
);
