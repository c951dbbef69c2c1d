import { type DepositOrder, formatMinor, type PaymentChannel } from '@tessera/contracts';
import type { ChannelRow, DepositRow } from './cashier.repository';

export const presentChannel = (row: ChannelRow): PaymentChannel => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  currency: row.currency,
  minAmount: formatMinor(row.minAmount, row.currency),
  maxAmount: formatMinor(row.maxAmount, row.currency),
  bank: row.kind === 'bank_transfer' ? (row.config.bank ?? null) : null,
  crypto: row.kind === 'crypto' ? (row.config.crypto ?? null) : null,
});

export const presentDeposit = (row: DepositRow, channelKind: PaymentChannel['kind']): DepositOrder => ({
  id: row.id,
  reference: row.reference,
  channelId: row.channelId,
  channelKind,
  amount: formatMinor(row.amount, row.currency),
  currency: row.currency,
  status: row.status,
  payUrl: row.status === 'pending' ? row.payUrl : null,
  payerNote: row.payerNote,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
