import { UserMenu } from '../../features/session/components/user-menu';
import { HeaderBalance } from '../../features/wallet/components/header-balance';

/** The logged-in header's parts: the balance with its deposit button, and the member's menu. */
export const MemberHeaderParts = () => (
  <>
    <HeaderBalance />
    <UserMenu />
  </>
);
