import type { ReactNode } from 'react';
import { useIsReferralPromoEnabled } from '../api/get-merchant-promotions';

/**
 * Shows its children (the side menu's Referral entry) to a logged-in member only while the merchant's referral
 * programme pays (public state availablePromo). Its own chunk: a visitor's first load neither asks nor carries it.
 */
export const ReferralPromoGate = ({ children }: { children: ReactNode }) =>
  useIsReferralPromoEnabled(true) ? children : null;
