import {
  formatMinor,
  JACKPOT_SEED_MAX_MINOR,
  type JackpotGame,
  type JackpotSettingsInput,
  jackpotGames,
  parseMoney,
} from '@tessera/contracts';
import { jackpotDraw, jackpotHit } from '@tessera/engines';
import { type EventPayload, emit } from '../../platform/events';
import { AppError, fieldError } from '../../platform/http/app-error';
import type { MerchantContext } from '../../platform/principals';
import type { InhouseService } from '../inhouse';
import type { LedgerService } from '../ledger';
import type { Client, JackpotRepository, PoolRow, PoolSettings } from './jackpot.repository';

/** The in-house games account pays the seed and receives the stakes a share of which feeds the pool. */
const FUNDING = { house: 'inhouse_games' } as const;
const POOL = { house: 'jackpot' } as const;
const WINS_SHOWN_MEMBER = 50;
const WINS_SHOWN_ADMIN = 100;

export type JackpotAudit = (
  client: Client,
  entry: { action: 'jackpot.update'; target: string; details: Record<string, unknown> },
) => Promise<void>;

/** Share of a stake, rounded down to the minor unit. */
export const contributionOf = (stake: bigint, shareBp: number): bigint => (stake * BigInt(shareBp)) / 10_000n;

const snapshot = (row: PoolRow | null) =>
  row
    ? {
        enabled: row.enabled,
        seed: row.seed.toString(),
        shareBp: row.shareBp,
        probabilityPpb: row.probabilityPpb,
        eligibleGames: row.eligibleGames,
      }
    : null;

/** The form's values judged in the merchant's currency; each failure a field error, nothing written. */
const judge = (currency: string, input: JackpotSettingsInput): PoolSettings => {
  const seed = parseMoney(input.seed, currency);
  if (!seed.ok) throw fieldError('seed', seed.error);
  if (seed.minor > JACKPOT_SEED_MAX_MINOR) {
    throw fieldError('seed', 'field_too_large', { max: formatMinor(JACKPOT_SEED_MAX_MINOR, currency) });
  }
  if (new Set(input.eligibleGames).size !== input.eligibleGames.length)
    throw fieldError('eligibleGames', 'field_invalid');
  if (input.enabled && input.eligibleGames.length === 0) throw fieldError('eligibleGames', 'not_empty');
  return {
    enabled: input.enabled,
    seed: seed.minor,
    shareBp: input.shareBp,
    probabilityPpb: input.probabilityPpb,
    eligibleGames: [...input.eligibleGames].sort() as JackpotGame[],
  };
};

export const createJackpotService = (deps: {
  repository: JackpotRepository;
  ledger: LedgerService;
  inhouse: Pick<InhouseService, 'seededRound'>;
}) => {
  const { repository, ledger, inhouse } = deps;

  const prepare = (merchantCode: string, currency: string, memberId?: string) =>
    ledger.prepare({
      merchantCode,
      currency,
      accounts: [FUNDING, POOL, ...(memberId ? [{ member: memberId, wallet: 'main' as const }] : [])],
    });

  const settingsOf = async (merchant: MerchantContext) => {
    const { currency } = merchant.settings;
    const [row, totals] = await Promise.all([
      repository.findPool(repository.pool, merchant.code, currency),
      repository.totals(merchant.code, currency),
    ]);
    return { currency, row, totals };
  };

  const service = {
    /**
     * A settled round (subscriber `jackpot.bets`, on the delivery's transaction): an eligible in-house round of an
     * enabled pool adds its share once (the contribution's primary key is the round), then draws the trigger from
     * the round's own seeds; a hit pays the whole pool to the member's main wallet, reseeds it and emits
     * `jackpot.won`, all in this transaction. The pool's row is locked throughout, so a duplicate delivery running
     * at the same time waits and then finds the round already counted.
     */
    fromBet: async (tx: Client, event: EventPayload<'bet.settled'>): Promise<{ contributed: bigint; won: bigint }> => {
      const none = { contributed: 0n, won: 0n };
      if (event.source !== 'inhouse') return none;
      const current = await repository.findPool(tx, event.merchantCode, event.currency);
      if (!current?.enabled) return none;
      const round = await inhouse.seededRound(event.roundRef, tx);
      if (
        round?.status !== 'settled' ||
        round.merchantCode !== event.merchantCode ||
        round.memberId !== event.memberId ||
        round.currency !== event.currency
      ) {
        return none;
      }
      await prepare(event.merchantCode, event.currency, event.memberId);
      const pool = await repository.lockPool(tx, event.merchantCode, event.currency);
      if (!pool?.enabled || !pool.eligibleGames.includes(round.game as JackpotGame)) return none;
      const amount = contributionOf(round.stake, pool.shareBp);
      const fresh = await repository.insertContribution(tx, {
        roundId: round.id,
        merchantCode: pool.merchantCode,
        currency: pool.currency,
        memberId: round.memberId,
        stake: round.stake,
        amount,
      });
      if (!fresh) return none;
      let value = pool.value;
      const base = { merchantCode: pool.merchantCode, currency: pool.currency, reference: round.id };
      if (amount > 0n) {
        await ledger.transfer(
          {
            ...base,
            type: 'jackpot_contribution',
            idempotencyKey: `jackpot:contribution:${round.id}`,
            from: FUNDING,
            to: POOL,
            amount,
          },
          tx,
        );
        value += amount;
      }
      const seeds = { serverSeed: round.serverSeed, clientSeed: round.clientSeed, nonce: round.nonce };
      let won = 0n;
      if (value > 0n && jackpotHit(seeds, pool.probabilityPpb)) {
        won = value;
        const winId = await repository.insertWin(tx, {
          merchantCode: pool.merchantCode,
          currency: pool.currency,
          memberId: round.memberId,
          roundId: round.id,
          game: round.game,
          amount: won,
          seedPairId: round.seedPairId,
          serverSeedHash: round.serverSeedHash,
          clientSeed: round.clientSeed,
          nonce: round.nonce,
          probabilityPpb: pool.probabilityPpb,
          draw: jackpotDraw(seeds).toString(16).padStart(16, '0'),
        });
        await ledger.transfer(
          {
            ...base,
            type: 'jackpot_win',
            idempotencyKey: `jackpot:win:${round.id}`,
            from: POOL,
            to: { member: round.memberId, wallet: 'main' },
            amount: won,
          },
          tx,
        );
        value = 0n;
        if (pool.seed > 0n) {
          await ledger.transfer(
            {
              ...base,
              type: 'jackpot_seed',
              idempotencyKey: `jackpot:reseed:${round.id}`,
              from: FUNDING,
              to: POOL,
              amount: pool.seed,
            },
            tx,
          );
          value = pool.seed;
        }
        await emit(tx, 'jackpot.won', {
          winId,
          merchantCode: pool.merchantCode,
          memberId: round.memberId,
          roundId: round.id,
          currency: pool.currency,
          amount: won,
        });
      }
      if (value !== pool.value) await repository.setValue(tx, pool.merchantCode, pool.currency, value);
      return { contributed: amount, won };
    },

    /** After a win committed (subscriber `jackpot.announce`): the member's wallet shows the new balance. */
    announceWin: (event: EventPayload<'jackpot.won'>) =>
      ledger.announceBalanceChange(event.merchantCode, [event.memberId]),

    /** VIS_getJackpot: the merchant's enabled pools. */
    pools: (merchantCode: string) => repository.enabledPools(merchantCode),

    /** Pools changed in the last minute, for the live push (which keeps what it last sent). */
    recentlyChanged: () => repository.changedSince(new Date(Date.now() - 60_000)),

    memberWins: (memberId: string) => repository.memberWins(memberId, WINS_SHOWN_MEMBER),

    adminGet: settingsOf,

    adminWins: (merchant: MerchantContext) => repository.merchantWins(merchant.code, WINS_SHOWN_ADMIN),

    /**
     * Saves the merchant's settings with their audit row in one transaction. The first save creates the pool at
     * its seed, funded from the in-house games account through the ledger (once: keyed by merchant and currency);
     * later saves leave the value alone (a new seed applies at the next reset).
     */
    update: async (merchant: MerchantContext, input: JackpotSettingsInput, audit: JackpotAudit) => {
      const { currency } = merchant.settings;
      const settings = judge(currency, input);
      await prepare(merchant.code, currency);
      await repository.inTransaction(async (client) => {
        const before = await repository.lockPool(client, merchant.code, currency);
        let after: PoolRow | null;
        if (before) {
          after = await repository.updateSettings(client, merchant.code, currency, settings);
        } else {
          after = await repository.insertPool(client, merchant.code, currency, settings);
          if (!after) throw new AppError('conflict');
          if (settings.seed > 0n) {
            await ledger.transfer(
              {
                merchantCode: merchant.code,
                currency,
                type: 'jackpot_seed',
                idempotencyKey: `jackpot:fund:${merchant.code}:${currency}`,
                reference: `${merchant.code}:${currency}`,
                from: FUNDING,
                to: POOL,
                amount: settings.seed,
              },
              client,
            );
          }
        }
        await audit(client, {
          action: 'jackpot.update',
          target: `jackpot:${merchant.code}:${currency}`,
          details: { before: snapshot(before), after: snapshot(after) },
        });
      });
      return settingsOf(merchant);
    },
  };
  return Object.assign(service, {
    /**
     * A real start's showcase: the demo merchant's jackpot switched on for every eligible in-house game, a 500.00
     * seed (funded through the ledger like an operator's first save), 1% of each stake, one bet in 50,000 wins. A
     * merchant whose operator already configured it is left alone; no operator acted, so no audit row.
     */
    seedDemoOf: async (merchant: MerchantContext): Promise<void> => {
      if ((await service.adminGet(merchant)).row) return;
      await service.update(
        merchant,
        { enabled: true, seed: '500.00', shareBp: 100, probabilityPpb: 20_000, eligibleGames: [...jackpotGames] },
        async () => undefined,
      );
    },
  });
};

export type JackpotService = ReturnType<typeof createJackpotService>;
