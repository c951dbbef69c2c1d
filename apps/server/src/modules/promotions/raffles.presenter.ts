import {
  type AdminRaffle,
  formatMinor,
  type LanguageCode,
  type MemberRaffle,
  type RaffleDraw,
} from '@tessera/contracts';
import { maskName } from '../games';
import type { EntryRow, RaffleRow, WinnerRow } from './raffles.repository';
import { type RaffleView, raffleTextIn } from './raffles.service';

const money = (minor: bigint | null, currency: string) => (minor === null ? null : formatMinor(minor, currency));

export const presentMemberRaffle = (
  view: RaffleView,
  memberId: string | null,
  language: LanguageCode | null,
  fallback: LanguageCode,
): MemberRaffle => {
  const { raffle: r } = view;
  const text = raffleTextIn(r.texts, language, fallback);
  const drawn = r.status === 'drawn';
  return {
    id: r.id,
    title: text.title,
    text: text.text,
    currency: r.currency,
    ticketsFrom: r.ticketsFrom.toISOString(),
    ticketsTo: r.ticketsTo.toISOString(),
    drawAt: r.drawAt.toISOString(),
    ticketPerDeposit: money(r.ticketPerDeposit, r.currency),
    ticketPerValidBet: money(r.ticketPerValidBet, r.currency),
    prizes: r.prizes.map((p) => formatMinor(p, r.currency)),
    state: view.state,
    joined: view.entry !== null,
    myTickets: view.entry?.tickets ?? 0,
    totalTickets: view.totalTickets,
    seedHash: r.seedHash,
    serverSeed: drawn ? r.serverSeed : null,
    winners: drawn
      ? view.winners.map((w) => ({
          prizeIndex: w.prizeIndex,
          amount: formatMinor(w.amount, r.currency),
          entryNo: w.entryNo,
          username: maskName(w.username),
          mine: w.memberId === memberId,
        }))
      : [],
  };
};

export const presentRaffleDraw = (
  raffle: RaffleRow,
  drawn: boolean,
  entries: readonly EntryRow[],
  winners: readonly WinnerRow[],
): RaffleDraw => ({
  id: raffle.id,
  seedHash: raffle.seedHash,
  serverSeed: drawn ? raffle.serverSeed : null,
  prizesMinor: raffle.prizes.map((p) => p.toString()),
  entries: drawn ? entries.map((e) => ({ entryNo: e.entryNo, tickets: e.tickets })) : [],
  winners: drawn
    ? winners.map((w) => ({ prizeIndex: w.prizeIndex, entryNo: w.entryNo, amountMinor: w.amount.toString() }))
    : [],
});

export const presentAdminRaffle = (
  row: RaffleRow,
  tickets: number,
  paid: bigint,
  winners: readonly WinnerRow[],
): AdminRaffle => ({
  id: row.id,
  texts: row.texts as AdminRaffle['texts'],
  currency: row.currency,
  ticketsFrom: row.ticketsFrom.toISOString(),
  ticketsTo: row.ticketsTo.toISOString(),
  drawAt: row.drawAt.toISOString(),
  ticketPerDeposit: money(row.ticketPerDeposit, row.currency),
  ticketPerValidBet: money(row.ticketPerValidBet, row.currency),
  prizes: row.prizes.map((p) => formatMinor(p, row.currency)),
  seedHash: row.seedHash,
  status: row.status,
  drawnAt: row.drawnAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  figures: { entries: row.entries, tickets, paid: formatMinor(paid, row.currency) },
  winners: winners.map((w) => ({
    prizeIndex: w.prizeIndex,
    entryNo: w.entryNo,
    username: w.username,
    amount: formatMinor(w.amount, row.currency),
  })),
});
