import { formatMinor, type PayoutMethod, type PayoutMethodInput, type WithdrawalOrder } from '@tessera/contracts';
import type { PayoutMethodRow, WithdrawalRow } from './withdrawals.repository';

/** Keeps the last four characters: enough for the member to recognise, not enough to reuse. */
const tail = (value: string) => `••••${value.slice(-4)}`;

/** The masked line and holder a member sees for a payout method. */
export const describePayoutMethod = (method: PayoutMethodInput): { display: string; holderName: string | null } => {
  switch (method.kind) {
    case 'bank_account':
      return { display: `${method.bankName} ${tail(method.accountNumber)}`, holderName: method.accountName };
    case 'e_wallet':
      return { display: `${method.provider} ${tail(method.accountId)}`, holderName: method.accountName };
    case 'crypto':
      return {
        display: `${method.network} ${method.address.slice(0, 4)}…${method.address.slice(-4)}`,
        holderName: null,
      };
    case 'mobile':
      return {
        display: `+${method.countryDialingCode.replace(/^\+/, '')} ${tail(method.mobileNum)}`,
        holderName: method.accountName,
      };
  }
};

export const presentPayoutMethod = (row: PayoutMethodRow): PayoutMethod => ({
  id: row.id,
  kind: row.kind,
  display: row.display,
  holderName: row.holderName,
  createdAt: row.createdAt.toISOString(),
});

/** The in-between states show as the state they are leaving, until the step finishes. */
const visibleStatus = (status: WithdrawalRow['status']): WithdrawalOrder['status'] => {
  if (status === 'opening' || status === 'cancelling') return 'pending';
  if (status === 'disbursing' || status === 'rejecting') return 'approved';
  return status;
};

export const presentWithdrawal = (row: WithdrawalRow, proofIds: readonly string[] = []): WithdrawalOrder => ({
  id: row.id,
  reference: row.reference,
  amount: formatMinor(row.amount, row.currency),
  currency: row.currency,
  status: visibleStatus(row.status),
  method: { id: row.payoutMethodId, kind: row.payoutKind, display: row.payoutDisplay },
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  disbursedAt: row.disbursedAt?.toISOString() ?? null,
  autoConfirmAt: row.status === 'disbursed' ? (row.autoConfirmAt?.toISOString() ?? null) : null,
  confirmation:
    row.confirmOutcome && row.confirmedAt
      ? {
          outcome: row.confirmOutcome,
          amountReceived: row.amountReceived === null ? null : formatMinor(row.amountReceived, row.currency),
          remark: row.remark,
          proofIds: [...proofIds],
          confirmedAt: row.confirmedAt.toISOString(),
        }
      : null,
});
