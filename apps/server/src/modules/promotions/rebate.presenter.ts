import {
  type AdminRebateSettings,
  formatMinor,
  formatRebateRate,
  type GameCategory,
  gameCategories,
  type RebateClaim,
  type RebateOverview,
} from '@tessera/contracts';
import type { ClaimRow } from './rebate.repository';
import type { MerchantRebateSettings, RebateView } from './rebate.service';

/** The member's page: every rebated category with its turnover and rebate, the totals and the verdict. */
export const presentRebateOverview = (view: RebateView, currency: string): RebateOverview => {
  const money = (minor: bigint) => formatMinor(minor, currency);
  const { settings, quote } = view;
  return {
    currency,
    minimum: money(settings.minimum),
    maximum: settings.maximum === null ? null : money(settings.maximum),
    categories: quote.parts.map((part) => ({
      productType: part.gameType,
      rate: formatRebateRate(part.ratePpm),
      validBet: money(part.validBet),
      rebate: money(part.rebate),
    })),
    validBet: money(quote.validBet),
    total: money(quote.total),
    payable: money(quote.payable),
    isCapped: quote.isCapped,
    canCollect: view.blockedBy === null,
    blockedBy: view.blockedBy,
  };
};

export const presentRebateClaim = (row: ClaimRow): RebateClaim => {
  const money = (minor: bigint | string) => formatMinor(BigInt(minor), row.currency);
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    currency: row.currency,
    amount: money(row.amount),
    total: money(row.totalAmount),
    validBet: money(row.validBet),
    roundCount: row.roundCount,
    categories: row.breakdown.map((part) => ({
      productType: part.gameType,
      rate: formatRebateRate(part.ratePpm),
      validBet: money(part.validBet),
      rebate: money(part.rebate),
      roundCount: part.roundCount,
    })),
  };
};

/** The settings as the back office edits them and as the audit log records them: rates in percent, amounts in major units. */
export const presentRebateSettings = (settings: MerchantRebateSettings, currency: string): AdminRebateSettings => ({
  currency,
  rates: Object.fromEntries(
    gameCategories.map((gameType) => [gameType, formatRebateRate(settings.ratesPpm[gameType])]),
  ) as Record<GameCategory, string>,
  minimum: formatMinor(settings.minimum, currency),
  maximum: settings.maximum === null ? null : formatMinor(settings.maximum, currency),
  isDefault: settings.isDefault,
  updatedAt: settings.updatedAt?.toISOString() ?? null,
});
