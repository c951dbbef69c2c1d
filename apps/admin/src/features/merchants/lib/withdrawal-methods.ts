import {
  defaultWithdrawalSettings,
  type PayoutMethodKind,
  payoutMethodKinds,
  type WithdrawalMethodLimits,
} from '@tessera/contracts';

/**
 * Where a payout kind goes when an operator offers it: the list keeps the platform's order (bank account,
 * e-wallet, crypto, mobile), so the member site lists the methods the same way whatever order they were ticked.
 */
export const insertionIndexOf = (methods: readonly Pick<WithdrawalMethodLimits, 'kind'>[], kind: PayoutMethodKind) => {
  const rank = payoutMethodKinds.indexOf(kind);
  const after = methods.findIndex((m) => payoutMethodKinds.indexOf(m.kind) > rank);
  return after === -1 ? methods.length : after;
};

/** The limits a newly offered kind starts with: the platform's defaults for that kind. */
export const startingLimitsOf = (kind: PayoutMethodKind): WithdrawalMethodLimits =>
  defaultWithdrawalSettings.methods.find((m) => m.kind === kind) ?? { kind, minAmount: '1', maxAmount: '1000' };
