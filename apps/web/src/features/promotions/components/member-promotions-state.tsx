import { useMemberPromotions } from '../use-member-promotions';

/** Renders nothing: mounted with the logged-in header, it keeps the member's VIP state and reward count current. */
export const MemberPromotionsState = () => {
  useMemberPromotions();
  return null;
};
