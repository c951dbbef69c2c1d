import type { DepositStatus, PaymentChannelKind } from '@tessera/contracts';
import type { BadgeTone } from '../../shared/ui/status-badge/status-badge';

export const depositStatusTone: Record<DepositStatus, BadgeTone> = {
  pending: 'info',
  awaiting_review: 'warning',
  succeeded: 'success',
  failed: 'danger',
  expired: 'neutral',
};

/** i18n keys (money namespace) of each deposit state. */
export const depositStatusKeys: Record<DepositStatus, string> = {
  pending: 'deposit_status_pending',
  awaiting_review: 'deposit_status_awaiting_review',
  succeeded: 'deposit_status_succeeded',
  failed: 'deposit_status_failed',
  expired: 'deposit_status_expired',
};

/** i18n keys (money namespace) of each channel kind. */
export const channelKindKeys: Record<PaymentChannelKind, string> = {
  gateway: 'channel_kind_gateway',
  bank_transfer: 'channel_kind_bank_transfer',
  crypto: 'channel_kind_crypto',
};
