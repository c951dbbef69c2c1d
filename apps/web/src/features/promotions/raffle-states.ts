import type { RaffleState } from '@tessera/contracts';
import type { BadgeTone } from '../../shared/ui/status-badge/status-badge';

/** i18n keys (promotions namespace) of what the member sees of a raffle. */
export const raffleStateKeys: Readonly<Record<RaffleState, string>> = {
  coming_soon: 'raffle_state_coming_soon',
  open: 'raffle_state_open',
  joined: 'raffle_state_joined',
  closed: 'raffle_state_closed',
  drawn: 'raffle_state_drawn',
};

const tones: Readonly<Record<RaffleState, BadgeTone>> = {
  coming_soon: 'neutral',
  open: 'info',
  joined: 'success',
  closed: 'warning',
  drawn: 'neutral',
};

export const raffleToneOf = (state: RaffleState): BadgeTone => tones[state];
