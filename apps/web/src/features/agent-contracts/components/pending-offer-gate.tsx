import { lazy, Suspense, useState } from 'react';
import { usePublicStore } from '../../../shared/state/public-store';
import { pendingOffersOf, useConsolidated, useForgetContractsOnLogout } from '../api/agent-contracts-api';

const PendingOfferPopup = lazy(() => import('./pending-offer-popup').then((m) => ({ default: m.PendingOfferPopup })));

/**
 * The contract popup's place in the site shell (spec section 3, api-facts 10): after login, on every page, the
 * consolidated call's pending-offer flags decide whether it shows; its code loads only then. It waits while one of
 * the shell's own popups is open (`isBlocked`), and an offer the member put off ("Later") stays put off for the
 * rest of the page's life, across the pages the member visits. Signing out drops the member's contract data.
 */
export const PendingOfferGate = ({ isBlocked }: { isBlocked: boolean }) => {
  const isMember = usePublicStore((state) => state.isLogin && !state.isTrial);
  const flags = useConsolidated(isMember);
  useForgetContractsOnLogout(isMember);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const pending = isMember && flags.data ? pendingOffersOf(flags.data) : null;
  const isWaiting = pending !== null && Object.values(pending).some((id) => id !== '' && !dismissed.has(id));
  if (!isWaiting || isBlocked) return null;
  return (
    <Suspense fallback={null}>
      <PendingOfferPopup
        pending={pending}
        dismissed={dismissed}
        onDismiss={(id) => setDismissed((before) => new Set([...before, id]))}
      />
    </Suspense>
  );
};
