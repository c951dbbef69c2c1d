import { DepositPage } from '../features/cashier/pages/deposit-page';
import { MemberCenterPage } from '../features/member/pages/member-center-page';

/** The personal centre with the pages other features provide (features never import each other). */
const pages = {
  depositv2: DepositPage,
} as const;

export const MemberCenterRoute = () => <MemberCenterPage pages={pages} />;
