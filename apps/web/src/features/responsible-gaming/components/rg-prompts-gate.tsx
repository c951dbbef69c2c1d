import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { usePublicStore } from '../../../shared/state/public-store';
import { useGatePopup } from '../../../shared/state/use-gate-popup';
import { useRgPrompts } from '../api/responsible-gaming';

const LimitsOfferDialog = lazy(() => import('./limits-offer-dialog').then((m) => ({ default: m.LimitsOfferDialog })));
const FirstWagerInfoDialog = lazy(() =>
  import('./first-wager-info-dialog').then((m) => ({ default: m.FirstWagerInfoDialog })),
);

/**
 * The one-time responsible-gaming prompts in the site shell (decision 0107), for a real member: the offer of limits
 * on any page while it is due (right after registration, or before a first deposit), then the information before
 * the first wager on the first page where the member can wager (`isWagerPage`). They wait while one of the shell's
 * own popups is open (`isBlocked`) or the announcement popup shows (`useGatePopup`). What is due comes from the
 * server, so an answer holds on every device.
 */
export const RgPromptsGate = ({
  isBlocked,
  isWagerPage,
}: {
  isBlocked: boolean;
  isWagerPage: (pathname: string) => boolean;
}) => {
  const isMember = usePublicStore((state) => state.isLogin && !state.isTrial);
  const { pathname } = useLocation();
  const prompts = useRgPrompts(isMember);
  const due =
    !isMember || isBlocked || !prompts.data
      ? null
      : prompts.data.limitsOffer
        ? 'limitsOffer'
        : prompts.data.firstWagerInfo && isWagerPage(pathname)
          ? 'firstWagerInfo'
          : null;
  // Never on top of the announcement popup: whichever comes first shows, the other when it is closed.
  const isShown = useGatePopup('rgPrompt', due !== null);
  if (!isShown) return null;
  return (
    <Suspense fallback={null}>{due === 'limitsOffer' ? <LimitsOfferDialog /> : <FirstWagerInfoDialog />}</Suspense>
  );
};
