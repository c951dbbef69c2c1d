import { type DepositOrder, formatMinor, type PaymentChannel } from '@tessera/contracts';
import type { MerchantContext } from '../../platform/http/context';
import type { ChannelRow, DepositRow } from './cashier.repository';
import type { CashierService } from './cashier.service';

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

export const presentDeposit = (
  row: DepositRow,
  channelKind: PaymentChannel['kind'],
  proofIds: readonly string[] = [],
): DepositOrder => ({
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
  proofIds: [...proofIds],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Orders as the member and the desk see them: each with its channel's kind and the proofs attached to it. */
export const presentDeposits = async (
  cashier: Pick<CashierService, 'listChannelsAll' | 'proofIds'>,
  merchant: MerchantContext,
  rows: readonly DepositRow[],
): Promise<DepositOrder[]> => {
  const [channels, proofs] = await Promise.all([
    cashier.listChannelsAll(merchant),
    cashier.proofIds(rows.map((row) => row.id)),
  ]);
  const kinds = new Map(channels.map((channel) => [channel.id, channel.kind]));
  return rows.map((row) => presentDeposit(row, kinds.get(row.channelId) ?? 'gateway', proofs.get(row.id)));
};
