import {
  amountFieldFor,
  BONUS_AMOUNT_MAX_MINOR,
  type FieldError,
  issuesToFieldErrors,
  type LanguageCode,
  minorOfChecked,
  type RaffleInput,
  type RaffleText,
} from '@tessera/contracts';
import { createServerSeed, drawRaffleWinners, hashServerSeed } from '@tessera/engines';
import { pgErrorOf } from '../../platform/db/pg-errors';
import type { EventPayload } from '../../platform/events';
import { emit } from '../../platform/events';
import { AppError } from '../../platform/http/app-error';
import type { MemberPrincipal, MerchantContext } from '../../platform/principals';
import type { LedgerService } from '../ledger';
import type { Client, EntryRow, RaffleRow, RafflesRepository, RaffleValues, WinnerRow } from './raffles.repository';

/** The merchant's account prizes are paid from (as the reward centre's and red envelopes' money). */
const PRIZE_ACCOUNT = { house: 'promotions' } as const;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export type RafflesAudit = (
  client: Client,
  entry: { action: 'raffle.create'; target: string; details: Record<string, unknown> },
) => Promise<void>;

export interface RafflesDeps {
  repository: RafflesRepository;
  ledger: Pick<LedgerService, 'transfer' | 'announceBalanceChange'>;
}

/** A raffle as a member (or visitor) sees it. */
export type RaffleView = {
  raffle: RaffleRow;
  entry: EntryRow | null;
  totalTickets: number;
  winners: WinnerRow[];
  state: 'coming_soon' | 'open' | 'joined' | 'closed' | 'drawn';
};

export const raffleTextIn = (
  texts: Partial<Record<LanguageCode, RaffleText>>,
  language: LanguageCode | null,
  fallback: LanguageCode,
): RaffleText =>
  (language ? texts[language] : undefined) ?? texts[fallback] ?? Object.values(texts)[0] ?? { title: '', text: '' };

/** Tickets from an entry's totals: one per whole `ticketPerDeposit` of deposits plus one per `ticketPerValidBet`. */
export const ticketsFor = (
  raffle: Pick<RaffleRow, 'ticketPerDeposit' | 'ticketPerValidBet'>,
  totals: { depositTotal: bigint; validBetTotal: bigint },
): number => {
  const fromDeposits = raffle.ticketPerDeposit ? totals.depositTotal / raffle.ticketPerDeposit : 0n;
  const fromBets = raffle.ticketPerValidBet ? totals.validBetTotal / raffle.ticketPerValidBet : 0n;
  const tickets = fromDeposits + fromBets;
  // An int column; a member cannot reach 2^31 tickets with amounts the ledger allows per ticket rule > 0 in practice.
  return Number(tickets > 2_000_000_000n ? 2_000_000_000n : tickets);
};

const stateOf = (raffle: RaffleRow, entry: EntryRow | null, now: Date): RaffleView['state'] => {
  if (raffle.status === 'drawn') return 'drawn';
  if (now >= raffle.ticketsTo) return 'closed';
  if (entry) return 'joined';
  if (now < raffle.ticketsFrom) return 'coming_soon';
  return 'open';
};

/**
 * Raffle promotions (decision 0122). Creating one draws a fresh server seed and publishes its SHA-256; members join
 * inside the ticket window and earn tickets from the deposit and bet events that follow (each event once per raffle,
 * `raffle_ticket_sources`); once the draw time has passed, `drawDue` draws each due raffle under its row's lock,
 * pays each prize from the merchant's promotions account (`raffle:<id>:prize:<index>`), emits `raffle.won` per
 * winner and marks the raffle drawn in one transaction, so a second pass finds nothing to do.
 */
export const createRafflesService = (deps: RafflesDeps) => {
  const { repository, ledger } = deps;

  /** Every field error at once; amounts judged in the merchant's currency. */
  /** A raffle written with its commitment: a fresh server seed, of which only the hash is published. */
  const insertCommitted = (
    merchantCode: string,
    currency: string,
    values: RaffleValues,
    operatorId: string | null,
    audit: RafflesAudit | null,
  ): Promise<RaffleRow> => {
    const serverSeed = createServerSeed();
    return repository.inTransaction(async (client) => {
      const row = await repository.insert(client, {
        ...values,
        merchantCode,
        currency,
        serverSeed,
        seedHash: hashServerSeed(serverSeed),
        createdBy: operatorId,
      });
      await audit?.(client, {
        action: 'raffle.create',
        target: `raffle:${row.id}`,
        details: { after: auditValues(row) },
      });
      return row;
    });
  };

  const judge = (merchant: MerchantContext, input: RaffleInput, now: Date = new Date()): RaffleValues => {
    const { currency, defaultLanguage, supportedLanguages } = merchant.settings;
    const errors: FieldError[] = [];
    const amountField = amountFieldFor(currency, BONUS_AMOUNT_MAX_MINOR);
    const amount = (text: string, path: string): bigint | null => {
      const judged = amountField.safeParse(text);
      if (!judged.success) {
        errors.push(...issuesToFieldErrors(judged.error.issues).map((e) => ({ ...e, path })));
        return null;
      }
      const minor = minorOfChecked(judged.data, currency);
      if (minor <= 0n) {
        errors.push({ path, code: 'field_too_small' });
        return null;
      }
      return minor;
    };
    const prizes = input.prizes.map((p, i) => amount(p, `prizes.${i}`));
    const ticketPerDeposit = input.ticketPerDeposit === '' ? null : amount(input.ticketPerDeposit, 'ticketPerDeposit');
    const ticketPerValidBet =
      input.ticketPerValidBet === '' ? null : amount(input.ticketPerValidBet, 'ticketPerValidBet');
    const ticketsTo = new Date(input.ticketsTo);
    if (ticketsTo <= now) errors.push({ path: 'ticketsTo', code: 'raffle_window_past' });
    if (!input.texts[defaultLanguage]) errors.push({ path: `texts.${defaultLanguage}.title`, code: 'not_empty' });
    for (const language of Object.keys(input.texts)) {
      if (!supportedLanguages.includes(language as LanguageCode)) {
        errors.push({ path: `texts.${language}`, code: 'field_not_allowed' });
      }
    }
    if (errors.length > 0) throw new AppError('validation_failed', { fieldErrors: errors });
    return {
      texts: input.texts,
      ticketsFrom: new Date(input.ticketsFrom),
      ticketsTo,
      drawAt: new Date(input.drawAt),
      ticketPerDeposit,
      ticketPerValidBet,
      prizes: prizes as bigint[],
    };
  };

  const auditValues = (row: RaffleRow) => ({
    texts: row.texts,
    currency: row.currency,
    ticketsFrom: row.ticketsFrom.toISOString(),
    ticketsTo: row.ticketsTo.toISOString(),
    drawAt: row.drawAt.toISOString(),
    ticketPerDeposit: row.ticketPerDeposit?.toString() ?? null,
    ticketPerValidBet: row.ticketPerValidBet?.toString() ?? null,
    prizes: row.prizes.map((p) => p.toString()),
    seedHash: row.seedHash,
  });

  /** Adds an event's amount to the member's entries that count it, once per (raffle, source). */
  const addToEntries = async (
    tx: Client,
    input: {
      merchantCode: string;
      memberId: string;
      currency: string;
      at: Date;
      kind: 'deposit' | 'bet';
      sourceKey: string;
      amount: bigint;
    },
  ): Promise<void> => {
    const counting = await repository.countingEntries(tx, input);
    for (const { raffle, entry } of counting) {
      if (!(await repository.markSource(tx, raffle.id, input.sourceKey, input.memberId))) continue;
      const clamp = (v: bigint) => (v < 0n ? 0n : v);
      const totals = {
        depositTotal: input.kind === 'deposit' ? clamp(entry.depositTotal + input.amount) : entry.depositTotal,
        validBetTotal: input.kind === 'bet' ? clamp(entry.validBetTotal + input.amount) : entry.validBetTotal,
      };
      await repository.setTotals(tx, raffle.id, input.memberId, { ...totals, tickets: ticketsFor(raffle, totals) });
    }
  };

  /** One raffle drawn and paid, or nothing when another pass drew it first. */
  const drawOne = async (id: string, now: Date): Promise<WinnerRow[] | null> => {
    const drawn = await repository.inTransaction(async (client) => {
      const raffle = await repository.lockDue(client, id, now);
      if (!raffle) return null;
      const entries = await repository.allEntries(raffle.id, client);
      const winners = drawRaffleWinners({
        serverSeed: raffle.serverSeed,
        raffleId: raffle.id,
        holders: entries.map((e) => ({ key: String(e.entryNo), tickets: e.tickets })),
        prizes: raffle.prizes.length,
      });
      const byNo = new Map(entries.map((e) => [String(e.entryNo), e]));
      const paid: { memberId: string; prizeIndex: number; amount: bigint; entryNo: number }[] = [];
      for (const winner of winners) {
        const entry = byNo.get(winner.key) as EntryRow;
        const amount = raffle.prizes[winner.prizeIndex] as bigint;
        await repository.insertWinner(client, {
          raffleId: raffle.id,
          prizeIndex: winner.prizeIndex,
          entryNo: entry.entryNo,
          memberId: entry.memberId,
          amount,
        });
        await ledger.transfer(
          {
            merchantCode: raffle.merchantCode,
            currency: raffle.currency,
            type: 'raffle_prize',
            idempotencyKey: `raffle:${raffle.id}:prize:${winner.prizeIndex}`,
            reference: `raffle:${raffle.id}`,
            metadata: { raffleId: raffle.id, prizeIndex: winner.prizeIndex, entryNo: entry.entryNo },
            from: PRIZE_ACCOUNT,
            to: { member: entry.memberId, wallet: 'main' },
            amount,
          },
          client,
        );
        await emit(client, 'raffle.won', {
          raffleId: raffle.id,
          merchantCode: raffle.merchantCode,
          memberId: entry.memberId,
          currency: raffle.currency,
          prizeIndex: winner.prizeIndex,
          amount,
        });
        paid.push({ memberId: entry.memberId, prizeIndex: winner.prizeIndex, amount, entryNo: entry.entryNo });
      }
      await repository.markDrawn(client, raffle.id);
      return { raffle, paid };
    });
    if (!drawn) return null;
    if (drawn.paid.length > 0) {
      ledger.announceBalanceChange(
        drawn.raffle.merchantCode,
        drawn.paid.map((p) => p.memberId),
      );
    }
    return repository.winners([id]);
  };

  const viewsOf = async (rows: RaffleRow[], member: MemberPrincipal | null, now: Date): Promise<RaffleView[]> => {
    const ids = rows.map((r) => r.id);
    const [entries, totals, winners] = await Promise.all([
      member ? repository.entriesOf(member.memberId, ids) : Promise.resolve([]),
      repository.ticketTotals(ids),
      repository.winners(rows.filter((r) => r.status === 'drawn').map((r) => r.id)),
    ]);
    const entryBy = new Map(entries.map((e) => [e.raffleId, e]));
    return rows.map((raffle) => {
      const entry = entryBy.get(raffle.id) ?? null;
      return {
        raffle,
        entry,
        totalTickets: totals.get(raffle.id) ?? 0,
        winners: winners.filter((w) => w.raffleId === raffle.id),
        state: stateOf(raffle, entry, now),
      };
    });
  };

  return {
    judge,

    create: (
      merchant: MerchantContext,
      values: RaffleValues,
      operatorId: string | null,
      audit: RafflesAudit | null,
    ): Promise<RaffleRow> => insertCommitted(merchant.code, merchant.settings.currency, values, operatorId, audit),

    /**
     * The demo merchant's raffle on a real start, once, when the merchant has none: a week of tickets from deposits
     * and valid bets, three prizes, drawn an hour after the window closes.
     */
    seedDemo: async (merchantCode: string, currency: string, now: Date = new Date()): Promise<void> => {
      if ((await repository.listForMerchant(merchantCode)).length > 0) return;
      const ticketsTo = new Date(now.getTime() + 7 * DAY_MS);
      await insertCommitted(
        merchantCode,
        currency,
        {
          texts: {
            EN: {
              title: 'Weekly raffle',
              text: 'Join, then every $10 you deposit and every $50 of valid bets this week earns a ticket. Three prizes are drawn when the week ends, from a seed whose hash is published now.',
            },
            CN: {
              title: '每周抽奖',
              text: '参加后，本周每存款 10 美元、每 50 美元有效投注各得一张奖券。一周结束时抽出三个奖项，所用种子的哈希现在就已公布。',
            },
          },
          ticketsFrom: new Date(now.getTime() - HOUR_MS),
          ticketsTo,
          drawAt: new Date(ticketsTo.getTime() + HOUR_MS),
          ticketPerDeposit: 1_000n,
          ticketPerValidBet: 5_000n,
          prizes: [10_000n, 5_000n, 2_000n],
        },
        null,
        null,
      );
    },

    /** The editor's list with its figures and, for drawn raffles, the winners. */
    listForMerchant: async (merchant: MerchantContext) => {
      const list = await repository.listForMerchant(merchant.code);
      const winners = await repository.winners(list.filter((e) => e.row.status === 'drawn').map((e) => e.row.id));
      return list.map((e) => ({ ...e, winners: winners.filter((w) => w.raffleId === e.row.id) }));
    },

    /** The merchant's shown raffles, or the one named (unknown or another merchant's: raffle_not_found). */
    status: async (
      merchant: MerchantContext,
      member: MemberPrincipal | null,
      id: string | undefined,
      now: Date = new Date(),
    ): Promise<RaffleView[]> => {
      if (id) {
        const raffle = await repository.find(merchant.code, id);
        if (!raffle) throw new AppError('raffle_not_found');
        return viewsOf([raffle], member, now);
      }
      return viewsOf(await repository.listShown(merchant.code, merchant.settings.currency, now), member, now);
    },

    /**
     * Joins the raffle (MCS2_claimRafflePromotion): inside the window, once. Refusals change nothing: unknown or
     * another merchant's, before or after the window, a second join.
     */
    claim: async (merchant: MerchantContext, member: MemberPrincipal, id: string): Promise<RaffleView> => {
      const raffle = await repository.find(merchant.code, id);
      if (!raffle || raffle.currency !== merchant.settings.currency) throw new AppError('raffle_not_found');
      const now = new Date();
      if (now < raffle.ticketsFrom) throw new AppError('raffle_not_started');
      if (now >= raffle.ticketsTo || raffle.status !== 'open') throw new AppError('raffle_ended');
      const [held] = await repository.entriesOf(member.memberId, [id]);
      if (held) throw new AppError('raffle_already_joined');
      try {
        await repository.inTransaction(async (client) => {
          const entry = await repository.join(client, raffle.id, member.memberId);
          // The window is judged again under the raffle row's lock: a join that waited past the end adds nothing.
          if (!entry || Date.now() >= raffle.ticketsTo.getTime()) throw new AppError('raffle_ended');
        });
      } catch (error) {
        const pg = pgErrorOf(error);
        if (pg?.code === '23505' && pg.constraint === 'raffle_entries_raffle_id_member_id_pk')
          throw new AppError('raffle_already_joined');
        throw error;
      }
      const [view] = await viewsOf([raffle], member, new Date());
      return view as RaffleView;
    },

    /** The fairness record: the commitment; once drawn the seed, the ticket list and the winners. */
    draw: async (merchant: MerchantContext, id: string) => {
      const raffle = await repository.find(merchant.code, id);
      if (!raffle) throw new AppError('raffle_not_found');
      const drawn = raffle.status === 'drawn';
      const [entries, winners] = drawn
        ? await Promise.all([repository.allEntries(id), repository.winners([id])])
        : [[], []];
      return { raffle, drawn, entries, winners };
    },

    /** A credited deposit: tickets in the member's joined raffles that count deposits (handled now). */
    onDeposit: (tx: Client, event: EventPayload<'deposit.credited'>) =>
      addToEntries(tx, {
        merchantCode: event.merchantCode,
        memberId: event.memberId,
        currency: event.currency,
        at: new Date(),
        kind: 'deposit',
        sourceKey: `deposit:${event.depositId}`,
        amount: BigInt(event.amount),
      }),

    /** A settled round's valid bet (a correction adds its difference, under its own key). */
    onBet: async (tx: Client, event: EventPayload<'bet.settled'>) => {
      const validBet = BigInt(event.validBet);
      if (validBet === 0n) return;
      await addToEntries(tx, {
        merchantCode: event.merchantCode,
        memberId: event.memberId,
        currency: event.currency,
        at: new Date(event.settledAt),
        kind: 'bet',
        sourceKey: event.correction ? `bet:${event.roundId}:${event.correction}` : `bet:${event.roundId}`,
        amount: validBet,
      });
    },

    /** The job: every raffle whose draw time has passed, drawn and paid once. */
    drawDue: async (now: Date = new Date()): Promise<number> => {
      let drawn = 0;
      for (const id of await repository.dueIds(now)) {
        if (await drawOne(id, now)) drawn++;
      }
      return drawn;
    },

    drawOne,
  };
};

export type RafflesService = ReturnType<typeof createRafflesService>;
