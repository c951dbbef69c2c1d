import { createHash, randomInt } from 'node:crypto';
import { AppError } from '../../platform/http/app-error';
import type {
  AccountIdentity,
  LedgerExecutor,
  LedgerRepository,
  PostingResult,
  PreparedMovement,
} from './ledger.repository';

/** The merchant's own accounts: where money enters, leaves, and is paid from. */
export const houseAccounts = [
  'deposits',
  'withdrawals',
  'game_providers',
  'promotions',
  'adjustments',
  'agent_commissions',
  'inhouse_games',
  'lottery',
  /** The progressive jackpots' pools (decision 0115): its balance is the sum of the merchant's pool values. */
  'jackpot',
] as const;
export type HouseAccount = (typeof houseAccounts)[number];
/** A member's wallets; `game:<code>` are the separate game wallets of merchants that keep them. */
export type MemberWallet = 'main' | 'bonus' | 'points' | `game:${string}`;

/**
 * A house account may name its shard: a caller making several movements in one transaction keeps them on one
 * shard, so two such transactions never hold each other's shards (no deadlock); otherwise the next one in turn.
 */
export type AccountRef = { member: string; wallet: MemberWallet } | { house: HouseAccount; shard?: number };
/**
 * Rows each house account is split into (decision 0070). A movement locks its house row until commit; a process
 * takes shards in turn, so its own transactions in flight (at most its pool's size) never share one.
 */
export const HOUSE_SHARDS = 64;

/** Largest amount one movement may carry (PostgreSQL bigint, with room for sums). */
const MAX_AMOUNT = 2n ** 53n;

const labelOf = (ref: AccountRef): string =>
  'member' in ref ? `member:${ref.member}:${ref.wallet}` : `house:${ref.house}`;

const requestHash = (parts: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify(parts, (_, value) => (typeof value === 'bigint' ? value.toString() : value)))
    .digest('hex');

const invalidAmount = () =>
  new AppError('validation_failed', { fieldErrors: [{ path: 'amount', code: 'field_invalid' }] });

const checkAmount = (amount: bigint): void => {
  if (amount <= 0n || amount > MAX_AMOUNT) throw invalidAmount();
};

export interface Movement {
  merchantCode: string;
  currency: string;
  type: string;
  idempotencyKey: string;
  reference?: string | null;
  metadata?: Record<string, unknown>;
  legs: { account: AccountRef; amount: bigint }[];
}

/**
 * The one way money moves (ARCHITECTURE.md section 4). Every call is one database round trip to a ledger
 * function that locks, checks and writes atomically; an idempotency key is applied exactly once, and a replay
 * answers with the first result.
 */
/** Which of a member's postings to read, newest first. */
interface EntriesFilter {
  merchantCode: string;
  memberId: string;
  type?: string | null;
  since?: Date | null;
  transactionId?: bigint | null;
  offset: number;
  limit: number;
}

const entriesQuery = (filter: EntriesFilter) => ({
  merchantCode: filter.merchantCode,
  ownerId: filter.memberId,
  type: filter.type ?? null,
  since: filter.since ?? null,
  transactionId: filter.transactionId ?? null,
  offset: filter.offset,
  limit: filter.limit,
});

export const createLedgerService = (
  repository: LedgerRepository,
  options: {
    /**
     * Called after a movement of members' accounts has committed (never for a replay), with the members whose
     * balance changed; the wallet pushes their new balance to the browser. Must not throw.
     */
    onMemberBalanceChange?: (merchantCode: string, memberIds: string[]) => void;
  } = {},
) => {
  const ids = new Map<string, bigint>();
  // Shards in turn from a random start, so that processes do not walk them in step.
  let nextShard = randomInt(HOUSE_SHARDS);
  const shardInTurn = () => {
    nextShard = (nextShard + 1) % HOUSE_SHARDS;
    return nextShard;
  };
  const notify = (merchantCode: string, refs: AccountRef[]) => {
    const members = [...new Set(refs.flatMap((ref) => ('member' in ref ? [ref.member] : [])))];
    if (members.length > 0) options.onMemberBalanceChange?.(merchantCode, members);
  };
  const notifyHoldOwner = async (merchantCode: string, holdId: bigint) => {
    if (!options.onMemberBalanceChange) return;
    const member = await repository.memberOfHold(merchantCode, holdId);
    if (member !== null) options.onMemberBalanceChange(merchantCode, [member]);
  };

  const accountId = async (
    merchantCode: string,
    currency: string,
    ref: AccountRef,
    houseShard: number = 'house' in ref && ref.shard !== undefined ? ref.shard % HOUSE_SHARDS : shardInTurn(),
  ): Promise<bigint> => {
    const identity: AccountIdentity =
      'member' in ref
        ? { merchantCode, ownerType: 'member', ownerId: ref.member, kind: ref.wallet, currency, shard: 0 }
        : {
            merchantCode,
            ownerType: 'house',
            ownerId: ref.house,
            kind: 'house',
            currency,
            shard: houseShard,
          };
    const key = `${merchantCode}|${identity.ownerType}|${identity.ownerId}|${identity.kind}|${currency}|${identity.shard}`;
    const known = ids.get(key);
    if (known !== undefined) return known;
    const id = await repository.ensureAccount(identity);
    ids.set(key, id);
    return id;
  };

  /** Checks the legs and resolves their accounts (created outside any caller's transaction, cached after). */
  const prepareMovement = async (movement: Movement): Promise<PreparedMovement> => {
    if (movement.legs.some((leg) => leg.amount === 0n || leg.amount > MAX_AMOUNT || leg.amount < -MAX_AMOUNT)) {
      throw invalidAmount();
    }
    return {
      merchantCode: movement.merchantCode,
      type: movement.type,
      idempotencyKey: movement.idempotencyKey,
      requestHash: requestHash({
        type: movement.type,
        currency: movement.currency,
        reference: movement.reference ?? null,
        legs: movement.legs.map((leg) => [labelOf(leg.account), leg.amount]),
      }),
      reference: movement.reference ?? null,
      metadata: movement.metadata ?? {},
      accountIds: await Promise.all(
        movement.legs.map((leg) => accountId(movement.merchantCode, movement.currency, leg.account)),
      ),
      amounts: movement.legs.map((leg) => leg.amount),
    };
  };

  const legsOfTransfer = (from: AccountRef, to: AccountRef, amount: bigint) => {
    checkAmount(amount);
    return [
      { account: from, amount: -amount },
      { account: to, amount },
    ];
  };

  /**
   * `executor`: a client inside the caller's open transaction. Accounts are still created outside it (so a
   * rolled-back caller never leaves a cached id of an account that does not exist).
   */
  const post = async (movement: Movement, executor?: LedgerExecutor): Promise<PostingResult> => {
    const result = await repository.post(await prepareMovement(movement), executor);
    // Inside a caller's transaction nothing has committed yet: the caller announces after its commit.
    if (!result.replayed && !executor)
      notify(
        movement.merchantCode,
        movement.legs.map((leg) => leg.account),
      );
    return result;
  };

  return {
    post,

    /** After the caller's transaction that moved money through an executor has committed. */
    announceBalanceChange: (merchantCode: string, memberIds: string[]) => {
      if (memberIds.length > 0) options.onMemberBalanceChange?.(merchantCode, memberIds);
    },

    /**
     * Resolves (creating when absent) the accounts, every shard of a house account included, so that movements
     * made later inside a caller's transaction need no second connection and never create an account there.
     */
    prepare: async (input: { merchantCode: string; currency: string; accounts: AccountRef[] }): Promise<void> => {
      // Members' wallets not yet known, per wallet kind, in one round trip each.
      const unknown = new Map<string, string[]>();
      for (const ref of input.accounts) {
        if (!('member' in ref)) continue;
        const key = `${input.merchantCode}|member|${ref.member}|${ref.wallet}|${input.currency}|0`;
        if (!ids.has(key)) unknown.set(ref.wallet, [...(unknown.get(ref.wallet) ?? []), ref.member]);
      }
      for (const [kind, memberIds] of unknown) {
        const found = await repository.ensureMemberAccounts({
          merchantCode: input.merchantCode,
          currency: input.currency,
          kind,
          memberIds: [...new Set(memberIds)],
        });
        for (const [member, id] of found)
          ids.set(`${input.merchantCode}|member|${member}|${kind}|${input.currency}|0`, id);
      }
      for (const ref of input.accounts) {
        if ('member' in ref) {
          await accountId(input.merchantCode, input.currency, ref);
          continue;
        }
        const prefix = `${input.merchantCode}|house|${ref.house}|house|${input.currency}|`;
        if (ids.has(`${prefix}${HOUSE_SHARDS - 1}`)) continue;
        // Every shard in one round trip: the first movement of a process does not wait for 64 of them.
        const shards = await repository.ensureHouseShards({
          merchantCode: input.merchantCode,
          owner: ref.house,
          currency: input.currency,
          shards: HOUSE_SHARDS,
        });
        for (const [shard, id] of shards) ids.set(`${prefix}${shard}`, id);
      }
    },

    /** Moves `amount` from one account to another. */
    transfer: async (
      input: Omit<Movement, 'legs'> & { from: AccountRef; to: AccountRef; amount: bigint },
      executor?: LedgerExecutor,
    ) => {
      const { from, to, amount, ...rest } = input;
      return post({ ...rest, legs: legsOfTransfer(from, to, amount) }, executor);
    },

    /**
     * Many transfers in one round trip inside the caller's transaction (decision 0092), each its own ledger
     * transaction under its own idempotency key, applied in order. Give house accounts one `shard` so that the batch
     * holds one house row. Accounts should be resolved before the transaction (`prepare`, `memberAccountId`): one
     * not yet known is created outside it. The caller announces the balance changes after its commit.
     */
    transferMany: async (
      inputs: readonly (Omit<Movement, 'legs'> & { from: AccountRef; to: AccountRef; amount: bigint })[],
      executor: LedgerExecutor,
    ) =>
      repository.postMany(
        await Promise.all(
          inputs.map(({ from, to, amount, ...rest }) =>
            prepareMovement({ ...rest, legs: legsOfTransfer(from, to, amount) }),
          ),
        ),
        executor,
      ),

    /**
     * A transfer checked and resolved, for a module's database function to apply with ledger_post in one
     * statement with its own rows (PreparedMovement). The caller announces the balance change after it commits.
     */
    prepareTransfer: (input: Omit<Movement, 'legs'> & { from: AccountRef; to: AccountRef; amount: bigint }) => {
      const { from, to, amount, ...rest } = input;
      return prepareMovement({ ...rest, legs: legsOfTransfer(from, to, amount) });
    },

    /** The id of a member's wallet account (created on first use), e.g. to read its balance in SQL. */
    memberAccountId: (merchantCode: string, currency: string, memberId: string, wallet: MemberWallet) =>
      accountId(merchantCode, currency, { member: memberId, wallet }),

    /**
     * The id of one shard of a house account (the next in turn unless named; created on first use), for a database
     * function that decides its movement's amount itself (seamless resettlement, decision 0117).
     */
    houseAccountId: (merchantCode: string, currency: string, house: HouseAccount, shard?: number) =>
      accountId(merchantCode, currency, shard === undefined ? { house } : { house, shard }),

    /**
     * Reserves `amount` of an account until it is captured or voided. `executor`: inside the caller's open
     * transaction, which then announces the balance change after its commit.
     */
    hold: async (
      input: {
        merchantCode: string;
        currency: string;
        idempotencyKey: string;
        account: AccountRef;
        amount: bigint;
        reference?: string | null;
      },
      executor?: LedgerExecutor,
    ) => {
      checkAmount(input.amount);
      const result = await repository.hold(
        {
          merchantCode: input.merchantCode,
          idempotencyKey: input.idempotencyKey,
          requestHash: requestHash({
            hold: labelOf(input.account),
            amount: input.amount,
            currency: input.currency,
            reference: input.reference ?? null,
          }),
          accountId: await accountId(input.merchantCode, input.currency, input.account),
          amount: input.amount,
          reference: input.reference ?? null,
        },
        executor,
      );
      if (!result.replayed && !executor) notify(input.merchantCode, [input.account]);
      return result;
    },

    /** Moves a held amount to `to` (the withdrawal is paid out, the bet is taken). Exactly once. */
    capture: async (input: {
      merchantCode: string;
      currency: string;
      holdId: bigint;
      to: AccountRef;
      type: string;
      idempotencyKey: string;
      reference?: string | null;
      metadata?: Record<string, unknown>;
    }) => {
      const result = await repository.settleHold({
        merchantCode: input.merchantCode,
        holdId: input.holdId,
        action: 'post',
        toAccountId: await accountId(input.merchantCode, input.currency, input.to),
        type: input.type,
        idempotencyKey: input.idempotencyKey,
        requestHash: requestHash({ capture: input.holdId, to: labelOf(input.to), type: input.type }),
        reference: input.reference ?? null,
        metadata: input.metadata ?? {},
      });
      if (!result.replayed) await notifyHoldOwner(input.merchantCode, input.holdId);
      return result;
    },

    /** Releases a hold: the money is free again. Exactly once. */
    void: async (input: { merchantCode: string; holdId: bigint }) => {
      const result = await repository.settleHold({
        merchantCode: input.merchantCode,
        holdId: input.holdId,
        action: 'void',
        toAccountId: null,
        type: 'void',
        idempotencyKey: `void:${input.holdId}`,
        requestHash: requestHash({ void: input.holdId }),
        reference: null,
        metadata: {},
      });
      if (!result.replayed) await notifyHoldOwner(input.merchantCode, input.holdId);
      return result;
    },

    /**
     * Settles many bets' holds at once inside the caller's transaction (decision 0100): each hold is captured to the
     * house account `to` (one shard) and its owner credited `payouts[i]` from it, one capture and one payout
     * movement per member account. All holds must be active; all or nothing. The caller announces the balance
     * changes after its commit.
     */
    settleHolds: async (
      executor: LedgerExecutor,
      input: {
        merchantCode: string;
        currency: string;
        to: Extract<AccountRef, { house: HouseAccount }>;
        stakeType: string;
        payoutType: string;
        keyPrefix: string;
        reference: string;
        holds: bigint[];
        payouts: bigint[];
      },
    ) => {
      if (input.payouts.some((amount) => amount < 0n || amount > MAX_AMOUNT)) throw invalidAmount();
      return repository.settleHolds(executor, {
        merchantCode: input.merchantCode,
        houseAccountId: await accountId(input.merchantCode, input.currency, input.to),
        stakeType: input.stakeType,
        payoutType: input.payoutType,
        keyPrefix: input.keyPrefix,
        reference: input.reference,
        holds: input.holds,
        payouts: input.payouts,
      });
    },

    /** Releases many holds at once inside the caller's transaction; holds already voided are left as they are. */
    voidHolds: (executor: LedgerExecutor, merchantCode: string, holds: bigint[]) =>
      repository.voidHolds(executor, merchantCode, holds),

    /** A hold placed with `idempotencyKey`, if any. */
    findHold: (merchantCode: string, idempotencyKey: string) => repository.findHold(merchantCode, idempotencyKey),

    /** A member's postings over all its wallets, newest first (on the primary: the answer to a posting reads it). */
    entries: (filter: EntriesFilter) => repository.entries(entriesQuery(filter)),

    /** The same for a member's account record, from the read replica when there is one (it may lag a second). */
    entriesRecord: (filter: EntriesFilter) => repository.entries(entriesQuery(filter), 'replica'),

    /** Postings of several members by transaction types over [from, until), a page with counts and sums per type. */
    membersEntries: (filter: Parameters<LedgerRepository['membersEntries']>[0]) => repository.membersEntries(filter),

    /** The absolute sum of a member's postings of one transaction type. */
    memberTotal: (merchantCode: string, memberId: string, type: string) =>
      repository.memberTotal(merchantCode, memberId, type),

    /** What a member won less what it staked (returned stakes counted back) since `since`, from its postings. */
    memberNetSince: (merchantCode: string, memberId: string, types: readonly string[], since: Date) =>
      repository.memberNetSince(merchantCode, memberId, types, since),

    /** Every wallet a member holds money in, by kind. */
    walletsOf: (merchantCode: string, memberId: string, currency: string) =>
      repository.walletsOf(merchantCode, memberId, currency),

    /** Money in and out of house accounts per day of the merchant's time zone (dates inclusive). */
    houseDaily: (filter: {
      merchantCode: string;
      currency: string;
      timeZone: string;
      from: string;
      to: string;
      houses: readonly HouseAccount[];
    }) => repository.houseDaily(filter),

    /** A member's balances in `wallets`, in that order, in one read. */
    memberBalances: <W extends MemberWallet>(input: {
      merchantCode: string;
      currency: string;
      memberId: string;
      wallets: readonly W[];
    }) =>
      repository
        .memberBalances({ ...input, kinds: input.wallets })
        .then((balances) => balances.map((b, i) => ({ ...b, wallet: input.wallets[i] as W }))),

    /** `executor`: read inside the caller's open transaction. */
    balance: (input: { merchantCode: string; currency: string; account: AccountRef }, executor?: LedgerExecutor) =>
      repository.balanceOf(
        'member' in input.account
          ? {
              merchantCode: input.merchantCode,
              ownerType: 'member',
              ownerId: input.account.member,
              kind: input.account.wallet,
              currency: input.currency,
            }
          : {
              merchantCode: input.merchantCode,
              ownerType: 'house',
              ownerId: input.account.house,
              kind: 'house',
              currency: input.currency,
            },
        executor,
      ),
  };
};

export type LedgerService = ReturnType<typeof createLedgerService>;
