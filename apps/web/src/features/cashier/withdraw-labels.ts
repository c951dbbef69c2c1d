import type { PayoutMethodKind, WithdrawalStatus } from '@tessera/contracts';
import type { BadgeTone } from '../../shared/ui/status-badge/status-badge';

export const withdrawalStatusTone: Record<WithdrawalStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'info',
  disbursed: 'info',
  completed: 'success',
  disputed: 'danger',
  rejected: 'neutral',
  cancelled: 'neutral',
};

/** i18n keys (money namespace). */
export const withdrawalStatusKeys: Record<WithdrawalStatus, string> = {
  pending: 'withdraw_status_pending',
  approved: 'withdraw_status_approved',
  disbursed: 'withdraw_status_disbursed',
  completed: 'withdraw_status_completed',
  disputed: 'withdraw_status_disputed',
  rejected: 'withdraw_status_rejected',
  cancelled: 'withdraw_status_cancelled',
};

export const payoutKindKeys: Record<PayoutMethodKind, string> = {
  bank_account: 'payout_kind_bank_account',
  e_wallet: 'payout_kind_e_wallet',
  crypto: 'payout_kind_crypto',
  mobile: 'payout_kind_mobile',
};

/** The fields each payout method asks for (spec section 5), in form order, with their label keys. */
export const payoutFields: Record<
  PayoutMethodKind,
  readonly { name: string; labelKey: string; isOptional?: boolean }[]
> = {
  bank_account: [
    { name: 'bankName', labelKey: 'bank_name' },
    { name: 'branch', labelKey: 'bank_branch', isOptional: true },
    { name: 'accountName', labelKey: 'account_name' },
    { name: 'accountNumber', labelKey: 'account_number' },
  ],
  e_wallet: [
    { name: 'provider', labelKey: 'ewallet_provider' },
    { name: 'accountId', labelKey: 'ewallet_account' },
    { name: 'accountName', labelKey: 'account_name' },
  ],
  crypto: [
    { name: 'network', labelKey: 'crypto_network' },
    { name: 'address', labelKey: 'receiving_address' },
  ],
  mobile: [
    { name: 'countryDialingCode', labelKey: 'dialing_code' },
    { name: 'mobileNum', labelKey: 'mobile_number' },
    { name: 'accountName', labelKey: 'account_name' },
  ],
};

export const confirmationOutcomeKeys = {
  received: 'outcome_received',
  partially_received: 'outcome_partially_received',
  not_received: 'outcome_not_received',
  auto_received: 'outcome_auto_received',
} as const;
