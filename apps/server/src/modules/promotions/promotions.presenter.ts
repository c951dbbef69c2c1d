import {
  type AdminPromotion,
  formatMinor,
  type LanguageCode,
  type MemberPromotion,
  type PromotionApplication,
} from '@tessera/contracts';
import { presentProofImage } from '../../platform/images/proof-images';
import type { EntryRow, PromotionRow } from './promotions.repository';
import { type MemberPromotionView, textIn } from './promotions.service';

export const presentMemberPromotion = (
  view: MemberPromotionView,
  language: LanguageCode | null,
  fallback: LanguageCode,
): MemberPromotion => {
  const { promotion: p, entry } = view;
  const text = textIn(p.texts, language, fallback);
  const isChallenge = p.kind === 'turnover_challenge';
  return {
    id: p.id,
    kind: p.kind,
    category: p.category,
    title: text.title,
    summary: text.summary,
    content: text.content,
    imageUrl: text.imageUrl,
    startsAt: p.startsAt.toISOString(),
    endsAt: p.endsAt.toISOString(),
    state: view.state,
    ineligibleReason: view.ineligibleReason,
    progress: isChallenge ? formatMinor(entry?.progress ?? 0n, p.currency) : null,
    target: isChallenge ? formatMinor(p.turnoverTarget, p.currency) : null,
    percent: p.percent,
    fixedAmount: formatMinor(p.fixedAmount, p.currency),
    maxAmount: formatMinor(p.maxAmount, p.currency),
    wageringMultiple: p.wageringMultiple,
    reviewNote: entry?.status === 'rejected' ? (entry.reviewNote ?? '') : null,
    ticketId: entry?.status === 'applying' ? entry.id : null,
    chatApp: entry?.chatApp ?? null,
    chatHandle: entry?.chatHandle ?? null,
  };
};

export const presentAdminPromotion = (
  row: PromotionRow,
  figures: { joined: number; issued: number; cost: bigint },
): AdminPromotion => ({
  id: row.id,
  kind: row.kind,
  category: row.category,
  texts: row.texts as AdminPromotion['texts'],
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  enabled: row.enabled,
  sort: row.sort,
  percent: row.percent,
  fixedAmount: formatMinor(row.fixedAmount, row.currency),
  maxAmount: formatMinor(row.maxAmount, row.currency),
  minDeposit: formatMinor(row.minDeposit, row.currency),
  turnoverTarget: formatMinor(row.turnoverTarget, row.currency),
  wageringMultiple: row.wageringMultiple,
  wageringBase: row.wageringBase,
  wageringCategories: row.wageringCategories,
  bonusExpiryDays: row.bonusExpiryDays,
  frequency: row.frequency,
  minVipLevel: row.minVipLevel,
  newMembersOnly: row.newMembersOnly,
  paymentChannelKinds: row.paymentChannelKinds,
  regions: row.regions,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  figures: { joined: figures.joined, issued: figures.issued, cost: formatMinor(figures.cost, row.currency) },
});

export const presentApplication = (
  entry: EntryRow,
  context: {
    title: string;
    account: string;
    images: readonly { id: string; entryId: string; contentType: 'image/png' | 'image/jpeg'; bytes: Buffer }[];
  },
): PromotionApplication => ({
  id: entry.id,
  promotionId: entry.promotionId,
  promotionTitle: context.title,
  memberId: entry.memberId,
  account: context.account,
  remark: entry.remark,
  status: entry.status,
  reviewNote: entry.reviewNote,
  createdAt: entry.createdAt.toISOString(),
  reviewedAt: entry.reviewedAt?.toISOString() ?? null,
  images: context.images.filter((image) => image.entryId === entry.id).map(presentProofImage),
  chatApp: entry.chatApp,
  chatHandle: entry.chatHandle,
});
