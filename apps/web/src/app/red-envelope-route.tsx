import { RedEnvelopePage } from '../features/promotions/pages/red-envelope-page';
import { useSiteConfig } from '../features/system/api/get-system-status';

/** /redEnvelope (lazy): the operators' red envelopes, in the merchant's currency. */
export const RedEnvelopeRoute = () => <RedEnvelopePage currency={useSiteConfig().info.site.currency} />;
