import {
  type AdminRedEnvelope,
  formatMinor,
  type LanguageCode,
  type MemberRedEnvelope,
  type RedEnvelopeDraw,
} from '@tessera/contracts';
import type { RedEnvelopeRow } from './red-envelopes.repository';
import { envelopeTextIn, type RedEnvelopeView, seedRevealed } from './red-envelopes.service';

export const presentMemberRedEnvelope = (
  view: RedEnvelopeView,
  language: LanguageCode | null,
  fallback: LanguageCode,
  now: Date = new Date(),
): MemberRedEnvelope => {
  const { envelope: e, share } = view;
  const text = envelopeTextIn(e.texts, language, fallback);
  return {
    id: e.id,
    title: text.title,
    blessing: text.blessing,
    startsAt: e.startsAt.toISOString(),
    endsAt: e.endsAt.toISOString(),
    totalAmount: formatMinor(e.totalAmount, e.currency),
    shares: e.shares,
    sharesLeft: e.shares - e.claimed,
    wageringMultiple: e.wageringMultiple,
    state: view.state,
    ineligibleReason: view.ineligibleReason,
    myAmount: share ? formatMinor(share.amount, e.currency) : null,
    fairness: { seedHash: e.seedHash, serverSeed: seedRevealed(e, now) ? e.serverSeed : null },
  };
};

export const presentRedEnvelopeDraw = (
  envelope: RedEnvelopeRow,
  revealed: boolean,
  amounts: readonly bigint[],
): RedEnvelopeDraw => ({
  id: envelope.id,
  totalMinor: envelope.totalAmount.toString(),
  shares: envelope.shares,
  seedHash: envelope.seedHash,
  serverSeed: revealed ? envelope.serverSeed : null,
  amountsMinor: revealed ? amounts.map((a) => a.toString()) : [],
});

export const presentAdminRedEnvelope = (row: RedEnvelopeRow, paid: bigint): AdminRedEnvelope => ({
  id: row.id,
  texts: row.texts as AdminRedEnvelope['texts'],
  totalAmount: formatMinor(row.totalAmount, row.currency),
  shares: row.shares,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  enabled: row.enabled,
  minVipLevel: row.minVipLevel,
  newMembersOnly: row.newMembersOnly,
  regions: row.regions,
  wageringMultiple: row.wageringMultiple,
  bonusExpiryDays: row.bonusExpiryDays,
  seedHash: row.seedHash,
  createdAt: row.createdAt.toISOString(),
  figures: { claimed: row.claimed, paid: formatMinor(paid, row.currency) },
});
