import type { RedEnvelopeState } from '@tessera/contracts';
import type { BadgeTone } from '../../shared/ui/status-badge/status-badge';

/** i18n keys (promotions namespace) of what the member sees of an envelope. */
export const redEnvelopeStateKeys: Readonly<Record<RedEnvelopeState, string>> = {
  coming_soon: 'red_state_coming_soon',
  open: 'red_state_open',
  claimed: 'red_state_claimed',
  empty: 'red_state_empty',
  closed: 'red_state_closed',
  ineligible: 'red_state_ineligible',
};

const tones: Readonly<Record<RedEnvelopeState, BadgeTone>> = {
  coming_soon: 'neutral',
  open: 'info',
  claimed: 'success',
  empty: 'neutral',
  closed: 'neutral',
  ineligible: 'warning',
};

export const redEnvelopeToneOf = (state: RedEnvelopeState): BadgeTone => tones[state];
