import {
  type AdminPointItem,
  type AdminPointRedemption,
  type AdminPointRules,
  formatMinor,
  type LanguageCode,
  type PointEntry,
  type PointImage,
  type PointItem,
  type PointRedemption,
  pointEarnCategories,
  pointImageUrl,
  pointTextIn,
} from '@tessera/contracts';
import type { MerchantContext } from '../../platform/http/context';
import type { PointEntryRow, PointImageRow, PointItemRow, PointRedemptionRow } from './points.repository';
import type { PointRates } from './points.rules';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const presentRates = (rates: PointRates) =>
  Object.fromEntries(pointEarnCategories.map((category) => [category, rates[category].toString()])) as Record<
    (typeof pointEarnCategories)[number],
    string
  >;

export const presentEntry = (row: PointEntryRow): PointEntry => ({
  id: row.id.toString(),
  time: row.createdAt.toISOString(),
  type: row.type,
  changedPoints: row.delta.toString(),
  pointsBalance: row.balanceAfter.toString(),
  remark: row.remark,
});

const amountsOf = (row: PointItemRow, currency: string) => ({
  pointsRequired: row.pointsRequired.toString(),
  amountRequired: formatMinor(row.amountRequired, currency),
  cashValue: formatMinor(row.cashValue, currency),
  quantity: row.quantity,
  availableQuantity: row.available,
  perMemberLimit: row.perMemberLimit,
  startsAt: iso(row.startsAt),
  endsAt: iso(row.endsAt),
});

/** What the member site and the back office both show of goods. */
const itemFields = (row: PointItemRow, merchant: MerchantContext, language: LanguageCode) => {
  const imageId = pointTextIn(row.images, language, merchant.settings.defaultLanguage);
  return {
    id: row.id,
    kind: row.kind,
    imageUrl: imageId ? pointImageUrl(imageId) : null,
    ...amountsOf(row, merchant.settings.currency),
  };
};

export const presentItem = (row: PointItemRow, merchant: MerchantContext, language: LanguageCode): PointItem => ({
  ...itemFields(row, merchant, language),
  name: pointTextIn(row.names, language, merchant.settings.defaultLanguage),
});

export const presentAdminItem = (row: PointItemRow, merchant: MerchantContext): AdminPointItem => ({
  ...itemFields(row, merchant, merchant.settings.defaultLanguage),
  names: row.names,
  images: row.images,
  enabled: row.enabled,
  updatedAt: row.updatedAt.toISOString(),
});

export const presentRedemption = (row: PointRedemptionRow, merchant: MerchantContext): PointRedemption => ({
  id: row.id,
  reference: row.reference,
  applyTime: row.createdAt.toISOString(),
  type: row.kind,
  itemName: row.itemName,
  quantity: row.quantity,
  points: row.points.toString(),
  amount: formatMinor(row.kind === 'cash' ? row.cashCredited : row.amountPaid, merchant.settings.currency),
  status: row.status,
  remark: row.remark,
});

export const presentAdminRedemption = (
  row: PointRedemptionRow,
  merchant: MerchantContext,
  username: string,
): AdminPointRedemption => ({
  ...presentRedemption(row, merchant),
  memberId: row.memberId,
  username,
  address: row.address,
  mobileNum: row.mobileNum,
  decidedAt: iso(row.decidedAt),
});

export const presentAdminRules = (
  state: {
    rates: PointRates;
    convertRatio: bigint;
    buyRatio: bigint;
    rulesText: Partial<Record<LanguageCode, string>>;
    row: { updatedAt: Date } | null;
  },
  merchant: MerchantContext,
): AdminPointRules => ({
  currency: merchant.settings.currency,
  timeZone: merchant.settings.timeZone,
  defaultLanguage: merchant.settings.defaultLanguage,
  supportedLanguages: merchant.settings.supportedLanguages,
  rates: presentRates(state.rates),
  convertRatio: state.convertRatio.toString(),
  buyRatio: state.buyRatio.toString(),
  rulesText: state.rulesText,
  updatedAt: iso(state.row?.updatedAt ?? null),
});

export const presentImage = (row: Omit<PointImageRow, 'bytes' | 'merchantCode'>): PointImage => ({
  id: row.id,
  url: pointImageUrl(row.id),
  mediaType: row.mediaType,
  width: row.width,
  height: row.height,
  byteSize: row.byteSize,
});
