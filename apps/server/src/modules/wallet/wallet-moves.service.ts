import {
  type ErrorCode,
  formatMinor,
  type LedgerEntry,
  type MemberTransactionType,
  parseMoney,
  startOfZonedDay,
  type TransactionRange,
} from '@tessera/contracts';
import { AppError, fieldError } from '../../platform/http/app-error';
import type { MemberPrincipal, MerchantContext } from '../../platform/principals';

import type { AccountService } from '../account';
import type { LedgerExecutor, LedgerService, MemberWallet } from '../ledger';
import type { MembersService } from '../members';

const DAY_MS = 86_400_000;

type EntryRow = Awaited<ReturnType<LedgerService['entries']>>['rows'][number];

/** A ledger wallet kind as the wire names it: 'main', 'bonus', or the game wallet's code. */
const walletCodeOf = (kind: string) => (kind.startsWith('game:') ? kind.slice(5) : kind);

export const presentEntry = (row: EntryRow): LedgerEntry => ({
  id: row.postingId.toString(),
  transactionId: row.transactionId.toString(),
  type: row.type,
  wallet: walletCodeOf(row.kind),
  amount: formatMinor(row.amount, row.currency),
  balanceAfter: formatMinor(row.balanceAfter, row.currency),
  currency: row.currency,
  reference: row.reference,
  createdAt: row.createdAt.toISOString(),
});

/** Where a range of spec section 9 starts: today in the merchant's time zone, or the past 7 or 30 days. */
export const rangeStart = (range: TransactionRange, timeZone: string, now = new Date()): Date =>
  range === 'today' ? startOfZonedDay(timeZone, now) : new Date(now.getTime() - (range === '7d' ? 7 : 30) * DAY_MS);

/** A short reference derived from the caller's request id, so a replay carries the same one. */
const referenceOf = (prefix: string, requestId: string) =>
  `${prefix}${requestId.replace(/-/g, '').slice(0, 12).toUpperCase()}`;

/**
 * Another module's say on members' transfers to their upline (the agents' own settings, decision 0089): `refusal`
 * answers why the member may not transfer now (an error code) or null; `hold` runs the movement where that answer
 * cannot change meanwhile, checking it again and handing the movement its transaction (or none).
 */
export interface UplineTransferRule {
  refusal: (merchant: MerchantContext, memberId: string) => Promise<ErrorCode | null>;
  hold: <T>(
    merchant: MerchantContext,
    memberId: string,
    move: (executor: LedgerExecutor | undefined) => Promise<T>,
  ) => Promise<T>;
}

/**
 * The member's wallets: balances per wallet, the account record, moves between the main wallet and game wallets
 * (merchants that keep them), and transfers to the upline agent. Every movement is a ledger transfer keyed by the
 * browser's request id.
 */
export const createWalletMovesService = (deps: {
  ledger: LedgerService;
  members: MembersService;
  account: AccountService;
}) => {
  const { ledger, members, account } = deps;
  let uplineRule: UplineTransferRule | null = null;

  const wallets = async (merchant: MerchantContext, memberId: string) => {
    const { currency, gameWallets } = merchant.settings;
    const held = new Map((await ledger.walletsOf(merchant.code, memberId, currency)).map((w) => [w.kind, w] as const));
    const line = (code: string, name: string, kind: string) => {
      const w = held.get(kind);
      return {
        code,
        name,
        available: formatMinor((w?.balance ?? 0n) - (w?.held ?? 0n), currency),
        held: formatMinor(w?.held ?? 0n, currency),
      };
    };
    return {
      currency,
      isSingle: gameWallets.length === 0,
      wallets: [line('main', 'main', 'main'), ...gameWallets.map((g) => line(g.code, g.name, `game:${g.code}`))],
    };
  };

  const entryOf = async (merchantCode: string, memberId: string, transactionId: bigint) => {
    const { rows } = await ledger.entries({ merchantCode, memberId, transactionId, offset: 0, limit: 1 });
    const row = rows[0];
    if (!row) throw new Error(`transaction ${transactionId} has no posting of member ${memberId}`);
    return presentEntry(row);
  };

  const parseAmount = (text: string, currency: string) => {
    const parsed = parseMoney(text, currency);
    if (!parsed.ok) throw fieldError('amount', parsed.error);
    return parsed.minor;
  };

  const checkAvailable = async (merchant: MerchantContext, memberId: string, wallet: MemberWallet, amount: bigint) => {
    const balance = await ledger.balance({
      merchantCode: merchant.code,
      currency: merchant.settings.currency,
      account: { member: memberId, wallet },
    });
    if (balance.available < amount)
      throw new AppError('insufficient_funds', { fieldErrors: [{ path: 'amount', code: 'insufficient_funds' }] });
  };

  return {
    wallets,

    /** Set once at start by the module whose rule governs transfers to the upline (agents' money). */
    setUplineRule: (rule: UplineTransferRule) => {
      if (uplineRule) throw new Error('the upline transfer rule is set twice');
      uplineRule = rule;
    },

    transactions: async (
      merchant: MerchantContext,
      memberId: string,
      filter: { type?: MemberTransactionType | undefined; range?: TransactionRange; pageNo: number; pageSize: number },
    ) => {
      const { rows, total } = await ledger.entriesRecord({
        merchantCode: merchant.code,
        memberId,
        type: filter.type ?? null,
        since: filter.range ? rangeStart(filter.range, merchant.settings.timeZone) : null,
        offset: (filter.pageNo - 1) * filter.pageSize,
        limit: filter.pageSize,
      });
      return {
        list: rows.map(presentEntry),
        pageNo: filter.pageNo,
        total,
        totalPages: Math.max(1, Math.ceil(total / filter.pageSize)),
      };
    },

    transfer: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      input: { requestId: string; from: string; to: string; amount: string },
    ) => {
      const { currency, gameWallets } = merchant.settings;
      if (gameWallets.length === 0) throw new AppError('function.not.available');
      const known = new Set(['main', ...gameWallets.map((g) => g.code)]);
      const walletOf = (code: string): MemberWallet => (code === 'main' ? 'main' : `game:${code}`);
      if (!known.has(input.from)) throw fieldError('from', 'field_not_allowed');
      if (!known.has(input.to)) throw fieldError('to', 'field_not_allowed');
      if (input.from !== 'main' && input.to !== 'main') throw fieldError('to', 'field_not_allowed');
      const amount = parseAmount(input.amount, currency);
      await checkAvailable(merchant, member.memberId, walletOf(input.from), amount);
      await ledger.transfer({
        merchantCode: merchant.code,
        currency,
        type: 'wallet_transfer',
        idempotencyKey: `wallet:${member.memberId}:${input.requestId}`,
        reference: referenceOf('G', input.requestId),
        metadata: { from: input.from, to: input.to },
        from: { member: member.memberId, wallet: walletOf(input.from) },
        to: { member: member.memberId, wallet: walletOf(input.to) },
        amount,
      });
      return wallets(merchant, member.memberId);
    },

    uplineInfo: async (merchant: MerchantContext, member: MemberPrincipal) => {
      const row = await members.findById(member.memberId);
      const upline = row?.uplineId ? await members.findById(row.uplineId) : null;
      const { currency } = merchant.settings;
      const balance = await ledger.balance({
        merchantCode: merchant.code,
        currency,
        account: { member: member.memberId, wallet: 'main' },
      });
      const refusal = (await uplineRule?.refusal(merchant, member.memberId)) ?? null;
      return {
        available: Boolean(upline && upline.merchantCode === merchant.code) && refusal === null,
        uplineAccount: upline && upline.merchantCode === merchant.code ? upline.account : null,
        currency,
        availableBalance: formatMinor(balance.available, currency),
        hasWithdrawPassword: Boolean(row?.paymentPasswordHash),
      };
    },

    /** Main wallet to the upline agent's main wallet, proven by the withdraw password; once per request id. */
    transferUpline: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      input: { requestId: string; amount: string; withdrawPassword: string },
    ) => {
      const row = await members.findById(member.memberId);
      const upline = row?.uplineId ? await members.findById(row.uplineId) : null;
      if (!row || !upline || upline.merchantCode !== merchant.code) throw new AppError('no_upline');
      const { currency } = merchant.settings;
      const amount = parseAmount(input.amount, currency);
      // The rule before the password, so that a refusal by rule never spends one of its throttled tries.
      const refusal = (await uplineRule?.refusal(merchant, member.memberId)) ?? null;
      if (refusal) throw new AppError(refusal);
      await account.checkWithdrawPassword(member, input.withdrawPassword);
      await checkAvailable(merchant, member.memberId, 'main', amount);
      let inRuleTransaction = false;
      const move = (executor: LedgerExecutor | undefined) => {
        inRuleTransaction = executor !== undefined;
        return ledger.transfer(
          {
            merchantCode: merchant.code,
            currency,
            type: 'transfer_upline',
            idempotencyKey: `upline:${member.memberId}:${input.requestId}`,
            reference: referenceOf('U', input.requestId),
            metadata: { from: row.account, to: upline.account },
            from: { member: member.memberId, wallet: 'main' },
            to: { member: upline.id, wallet: 'main' },
            amount,
          },
          executor,
        );
      };
      const posted = uplineRule ? await uplineRule.hold(merchant, member.memberId, move) : await move(undefined);
      // Inside the rule's transaction the ledger leaves the announcement to the caller, after the commit.
      if (inRuleTransaction && !posted.replayed) {
        ledger.announceBalanceChange(merchant.code, [member.memberId, upline.id]);
      }
      return entryOf(merchant.code, member.memberId, posted.transactionId);
    },

    /** What a member has moved in total with one type of transaction, as a positive amount. */
    memberTotal: async (merchant: MerchantContext, memberId: string, type: MemberTransactionType) =>
      formatMinor(await ledger.memberTotal(merchant.code, memberId, type), merchant.settings.currency),

    /** An operator's credit or debit of a member's main wallet against the adjustments account. */
    adjust: async (
      merchant: MerchantContext,
      memberId: string,
      input: { requestId: string; direction: 'credit' | 'debit'; amount: string; reason: string; operatorId: string },
    ) => {
      const { currency } = merchant.settings;
      const amount = parseAmount(input.amount, currency);
      const memberAccount = { member: memberId, wallet: 'main' as const };
      const house = { house: 'adjustments' as const };
      if (input.direction === 'debit') await checkAvailable(merchant, memberId, 'main', amount);
      const posted = await ledger.transfer({
        merchantCode: merchant.code,
        currency,
        type: 'adjustment',
        idempotencyKey: `adjust:${input.requestId}`,
        reference: referenceOf('A', input.requestId),
        metadata: { reason: input.reason, operatorId: input.operatorId, direction: input.direction },
        from: input.direction === 'credit' ? house : memberAccount,
        to: input.direction === 'credit' ? memberAccount : house,
        amount,
      });
      return { entry: await entryOf(merchant.code, memberId, posted.transactionId), replayed: posted.replayed };
    },

    /** Deposits, payouts and adjustments per day of the merchant's time zone, from the house accounts. */
    cashReport: async (merchant: MerchantContext, from: string, to: string) => {
      const { currency, timeZone } = merchant.settings;
      const rows = await ledger.houseDaily({
        merchantCode: merchant.code,
        currency,
        timeZone,
        from,
        to,
        houses: ['deposits', 'withdrawals', 'adjustments'],
      });
      type Sums = {
        depositsCount: number;
        deposits: bigint;
        withdrawalsCount: number;
        withdrawals: bigint;
        adjustmentsIn: bigint;
        adjustmentsOut: bigint;
      };
      const empty = (): Sums => ({
        depositsCount: 0,
        deposits: 0n,
        withdrawalsCount: 0,
        withdrawals: 0n,
        adjustmentsIn: 0n,
        adjustmentsOut: 0n,
      });
      const byDay = new Map<string, Sums>();
      for (const row of rows) {
        const day = byDay.get(row.day) ?? empty();
        // Deposits leave the deposits account toward members; payouts arrive in the withdrawals account;
        // adjustments leave the adjustments account as credits to members and arrive as debits.
        if (row.house === 'deposits') {
          day.depositsCount += row.outCount;
          day.deposits += row.outAmount - row.inAmount;
        } else if (row.house === 'withdrawals') {
          day.withdrawalsCount += row.inCount;
          day.withdrawals += row.inAmount - row.outAmount;
        } else {
          day.adjustmentsIn += row.outAmount;
          day.adjustmentsOut += row.inAmount;
        }
        byDay.set(row.day, day);
      }
      const present = (sums: Sums) => ({
        depositsCount: sums.depositsCount,
        deposits: formatMinor(sums.deposits, currency),
        withdrawalsCount: sums.withdrawalsCount,
        withdrawals: formatMinor(sums.withdrawals, currency),
        adjustmentsIn: formatMinor(sums.adjustmentsIn, currency),
        adjustmentsOut: formatMinor(sums.adjustmentsOut, currency),
        net: formatMinor(sums.deposits - sums.withdrawals, currency),
      });
      const days: string[] = [];
      for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += DAY_MS) {
        days.push(new Date(at).toISOString().slice(0, 10));
      }
      const totals = empty();
      for (const sums of byDay.values()) {
        totals.depositsCount += sums.depositsCount;
        totals.deposits += sums.deposits;
        totals.withdrawalsCount += sums.withdrawalsCount;
        totals.withdrawals += sums.withdrawals;
        totals.adjustmentsIn += sums.adjustmentsIn;
        totals.adjustmentsOut += sums.adjustmentsOut;
      }
      return {
        currency,
        timeZone,
        days: days.map((date) => ({ date, ...present(byDay.get(date) ?? empty()) })),
        totals: present(totals),
      };
    },
  };
};

export type WalletMovesService = ReturnType<typeof createWalletMovesService>;
