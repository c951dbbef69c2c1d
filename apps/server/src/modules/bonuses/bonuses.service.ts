import { createHash, randomUUID } from 'node:crypto';
import {
  amountFieldFor,
  BONUS_AMOUNT_MAX_MINOR,
  type BonusSource,
  type BonusWithdrawalPolicy,
  issuesToFieldErrors,
  type LanguageCode,
  minorOfChecked,
} from '@tessera/contracts';
import type { EventPayload } from '../../platform/events';
import { AppError } from '../../platform/http/app-error';
import type { MemberPrincipal, MerchantContext } from '../../platform/principals';
import type { LedgerService } from '../ledger';
import type { BonusesRepository, BonusRow, Client } from './bonuses.repository';
import { allocateValidBet, mayRelease, withdrawalDecision } from './bonuses.rules';

/** Who changed what, recorded in the audit log on the change's own transaction. */
export type BonusesAudit = (
  client: Client,
  entry: { action: 'bonus.grant' | 'bonus.settings_update'; target: string; details: Record<string, unknown> },
) => Promise<void>;

/** A bonus to credit: the caller has computed the amount and the requirement (`wageringRequirement`). */
export interface GrantBonus {
  merchantCode: string;
  memberId: string;
  currency: string;
  /** Unique per merchant: granting twice under one key credits once. */
  sourceKey: string;
  source: BonusSource;
  promotionId: string | null;
  title: string;
  amount: bigint;
  requirement: bigint;
  categories: readonly string[];
  expiresAt: Date;
  grantedBy?: string | null;
}

const EXPIRY_BATCH = 200;

/**
 * The titles of promotions in a reader's language, each falling back to the merchant's default language: the
 * promotions module provides it (`provideTitles`), being listed after this one; its tables stay its own.
 */
export type BonusTitleSource = (
  merchantCode: string,
  promotionIds: readonly string[],
  language: LanguageCode | null,
  fallback: LanguageCode,
) => Promise<ReadonlyMap<string, string>>;

/** Who reads a bonus list: its titles are answered in `language`, else in the merchant's `fallback`. */
export interface BonusReader {
  language: LanguageCode | null;
  fallback: LanguageCode;
}

/**
 * A manual grant's amount as the operator typed it, judged in the merchant's currency: the minor units, or
 * `validation_failed` with the error under the `amount` field (not numeric, too precise, too large, not positive).
 */
export const judgeGrantAmount = (currency: string, text: string): bigint => {
  const judged = amountFieldFor(currency, BONUS_AMOUNT_MAX_MINOR).safeParse(text);
  if (!judged.success) {
    const fieldErrors = issuesToFieldErrors(judged.error.issues).map((e) => ({ ...e, path: 'amount' }));
    throw new AppError('validation_failed', { fieldErrors });
  }
  const amount = minorOfChecked(judged.data, currency);
  if (amount <= 0n) {
    throw new AppError('validation_failed', { fieldErrors: [{ path: 'amount', code: 'amount_not_positive' }] });
  }
  return amount;
};

/**
 * The bonus wallet (decision 0081). A bonus is credited from the merchant's `promotions` house account to the
 * member's `bonus` wallet; valid bets of settled rounds count toward its requirement (the `bet.settled`
 * subscriber, on the delivery's transaction); once met, the same transaction moves it to the main wallet. Open
 * bonuses make a withdrawal refused, or forfeited once the member confirms, as the merchant sets; expired ones go
 * back to the house. Every movement is keyed by the bonus, so a retry posts nothing twice.
 */
export const createBonusesService = (deps: { repository: BonusesRepository; ledger: LedgerService }) => {
  const { repository, ledger } = deps;
  const house = { house: 'promotions' } as const;
  const bonusWallet = (memberId: string) => ({ member: memberId, wallet: 'bonus' }) as const;
  const mainWallet = (memberId: string) => ({ member: memberId, wallet: 'main' }) as const;
  let titleSource: BonusTitleSource | null = null;

  /**
   * A promotion's bonus titled in the reader's language (the stored title is the merchant's default language at
   * grant time); a bonus without a promotion, or whose promotion has no text, keeps its stored title.
   */
  const titledFor = async (merchantCode: string, rows: BonusRow[], reader: BonusReader): Promise<BonusRow[]> => {
    const promotionIds = [...new Set(rows.flatMap((row) => (row.promotionId ? [row.promotionId] : [])))];
    if (!titleSource || promotionIds.length === 0) return rows;
    const titles = await titleSource(merchantCode, promotionIds, reader.language, reader.fallback);
    return rows.map((row) => {
      const title = row.promotionId ? titles.get(row.promotionId) : undefined;
      return title ? { ...row, title } : row;
    });
  };

  /** Moves a bonus out of the bonus wallet (to main when released, to the house otherwise) and closes it. */
  const finish = async (client: Client, bonus: BonusRow, status: 'released' | 'forfeited' | 'expired') => {
    if (status === 'released' && !mayRelease(bonus)) throw new Error(`bonus ${bonus.id} released before its wagering`);
    const posted = await ledger.transfer(
      {
        merchantCode: bonus.merchantCode,
        currency: bonus.currency,
        type: status === 'released' ? 'bonus_release' : 'bonus_forfeit',
        idempotencyKey: `bonus-${status}:${bonus.id}`,
        reference: bonusReference(bonus.id),
        metadata: { bonusId: bonus.id, status },
        from: bonusWallet(bonus.memberId),
        to: status === 'released' ? mainWallet(bonus.memberId) : house,
        amount: bonus.amount,
      },
      client,
    );
    return repository.finish(client, bonus.id, status, posted.transactionId);
  };

  /**
   * Credits a bonus inside the caller's transaction, once per source key (a second grant answers the first,
   * `isNew` false). A requirement of zero releases it to the main wallet at once.
   */
  const grant = async (client: Client, input: GrantBonus): Promise<{ bonus: BonusRow; isNew: boolean }> => {
    if (input.amount <= 0n) throw new RangeError('a bonus must be above zero');
    const existing = await repository.findBySourceKey(client, input.merchantCode, input.sourceKey);
    if (existing) return { bonus: existing, isNew: false };
    const id = randomUUID();
    const posted = await ledger.transfer(
      {
        merchantCode: input.merchantCode,
        currency: input.currency,
        type: 'bonus_grant',
        idempotencyKey: `bonus-grant:${input.sourceKey}`,
        reference: grantReference(input.merchantCode, input.sourceKey),
        metadata: { sourceKey: input.sourceKey, source: input.source },
        from: house,
        to: bonusWallet(input.memberId),
        amount: input.amount,
      },
      client,
    );
    const inserted = await repository.insertIfAbsent(client, {
      id,
      merchantCode: input.merchantCode,
      memberId: input.memberId,
      sourceKey: input.sourceKey,
      source: input.source,
      promotionId: input.promotionId,
      title: input.title,
      currency: input.currency,
      amount: input.amount,
      requirement: input.requirement,
      categories: input.categories.map((c) => c.toUpperCase()),
      grantedBy: input.grantedBy ?? null,
      grantTransactionId: posted.transactionId,
      expiresAt: input.expiresAt,
    });
    if (!inserted) {
      const twin = await repository.findBySourceKey(client, input.merchantCode, input.sourceKey);
      if (!twin) throw new AppError('conflict');
      return { bonus: twin, isNew: false };
    }
    if (inserted.requirement === 0n) {
      const released = await finish(client, inserted, 'released');
      return { bonus: released ?? inserted, isNew: true };
    }
    return { bonus: inserted, isNew: true };
  };

  return {
    grant,

    /** Resolves the accounts a grant moves, before the caller's transaction opens (decision 0017). */
    prepare: (merchantCode: string, currency: string, memberId: string) =>
      ledger.prepare({ merchantCode, currency, accounts: [house, bonusWallet(memberId), mainWallet(memberId)] }),

    /**
     * A settled round's valid bet counts toward the member's open bonuses, oldest first (`allocateValidBet`); a
     * bonus whose requirement is met goes to the main wallet in the same transaction. Once per event (receipts).
     */
    countBet: async (tx: Client, event: EventPayload<'bet.settled'>): Promise<void> => {
      const validBet = BigInt(event.validBet);
      if (validBet <= 0n) return;
      const open = await repository.lockOpen(tx, event.memberId, event.currency);
      if (open.length === 0) return;
      const now = Date.now();
      const live = open.filter((bonus) => bonus.expiresAt.getTime() > now);
      for (const step of allocateValidBet(live, event.gameType, validBet)) {
        await repository.addWagered(tx, step.id, step.add);
        if (step.completes) {
          const bonus = live.find((b) => b.id === step.id) as BonusRow;
          await finish(tx, { ...bonus, wagered: bonus.wagered + step.add }, 'released');
        }
      }
    },

    /**
     * Called by the withdrawals module before a withdrawal holds money: with bonuses open it is refused
     * (`bonus_wagering_open`), or, where the merchant forfeits, asks for confirmation (`bonus_forfeit_confirm`) and
     * once confirmed forfeits them to the house before the withdrawal goes on.
     */
    beforeWithdrawal: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      forfeitConfirmed: boolean,
    ): Promise<void> => {
      const { currency } = merchant.settings;
      const openBonuses = await repository.countOpen(member.memberId, currency);
      const decision = withdrawalDecision({
        openBonuses,
        policy: openBonuses > 0 ? await repository.settings(merchant.code) : 'refuse',
        forfeitConfirmed,
      });
      if (decision === 'proceed') return;
      if (decision === 'refuse') throw new AppError('bonus_wagering_open', { value: { open: openBonuses } });
      if (decision === 'confirm_forfeit') throw new AppError('bonus_forfeit_confirm', { value: { open: openBonuses } });
      await repository.inTransaction(async (client) => {
        for (const bonus of await repository.lockOpen(client, member.memberId, currency)) {
          await finish(client, bonus, 'forfeited');
        }
      });
      ledger.announceBalanceChange(merchant.code, [member.memberId]);
    },

    /** Expired open bonuses go back to the house (the job, every minute). */
    expireDue: async (now: Date = new Date()): Promise<number> => {
      let expired = 0;
      for (const seen of await repository.expired(now, EXPIRY_BATCH)) {
        const done = await repository.inTransaction(async (client) => {
          const bonus = await repository.lockOne(client, seen.id);
          if (bonus?.status !== 'active' || bonus.expiresAt > now) return false;
          await finish(client, bonus, 'expired');
          return true;
        });
        if (done) {
          expired += 1;
          ledger.announceBalanceChange(seen.merchantCode, [seen.memberId]);
        }
      }
      return expired;
    },

    /** A member's bonuses, newest first; with a reader, promotions' bonuses are titled in its language. */
    page: async (
      merchantCode: string,
      memberId: string,
      page: { pageNo: number; pageSize: number },
      reader?: BonusReader,
    ) => {
      const result = await repository.page(merchantCode, memberId, {
        offset: (page.pageNo - 1) * page.pageSize,
        limit: page.pageSize,
      });
      const rows = reader ? await titledFor(merchantCode, result.rows, reader) : result.rows;
      return { ...result, rows, totalPages: Math.ceil(result.total / page.pageSize) };
    },

    /** Where promotions' titles in a reader's language come from (the promotions module, at its start). */
    provideTitles: (source: BonusTitleSource): void => {
      titleSource = source;
    },

    statuses: repository.statuses,
    figures: repository.figures,
    settings: repository.settings,

    updateSettings: async (merchant: MerchantContext, policy: BonusWithdrawalPolicy, audit: BonusesAudit) => {
      await repository.inTransaction(async (client) => {
        const before = await repository.settings(merchant.code);
        await repository.saveSettings(client, merchant.code, policy);
        await audit(client, {
          action: 'bonus.settings_update',
          target: `merchant:${merchant.code}`,
          details: { before: { withdrawalPolicy: before }, after: { withdrawalPolicy: policy } },
        });
      });
      return policy;
    },

    /** An operator's grant with its reason, audited in the same transaction. */
    grantByHand: async (
      merchant: MerchantContext,
      input: {
        memberId: string;
        requestKey: string;
        amount: bigint;
        requirement: bigint;
        categories: readonly string[];
        expiresAt: Date;
        reason: string;
        operatorId: string;
        /** The promotion whose bonus this is: the grant counts in its figures. */
        promotionId?: string | null;
      },
      audit: BonusesAudit,
    ): Promise<BonusRow> => {
      const { currency } = merchant.settings;
      await ledger.prepare({
        merchantCode: merchant.code,
        currency,
        accounts: [house, bonusWallet(input.memberId), mainWallet(input.memberId)],
      });
      const bonus = await repository.inTransaction(async (client) => {
        const { bonus, isNew } = await grant(client, {
          merchantCode: merchant.code,
          memberId: input.memberId,
          currency,
          sourceKey: `manual:${input.requestKey}`,
          source: 'manual',
          promotionId: input.promotionId ?? null,
          title: input.reason,
          amount: input.amount,
          requirement: input.requirement,
          categories: input.categories,
          expiresAt: input.expiresAt,
          grantedBy: input.operatorId,
        });
        // A repeated request answers the first grant: one grant, one audit row.
        if (!isNew) return bonus;
        await audit(client, {
          action: 'bonus.grant',
          target: `member:${input.memberId}`,
          details: {
            bonusId: bonus.id,
            amount: input.amount.toString(),
            requirement: input.requirement.toString(),
            categories: input.categories,
            reason: input.reason,
            ...(input.promotionId ? { promotionId: input.promotionId } : {}),
          },
        });
        return bonus;
      });
      ledger.announceBalanceChange(merchant.code, [input.memberId]);
      return bonus;
    },
  };
};

/** The grant's reference, from its source key: a twin grant racing it asks the ledger the very same movement. */
const grantReference = (merchantCode: string, sourceKey: string): string =>
  `B${createHash('sha256').update(`${merchantCode}:${sourceKey}`).digest('hex').slice(0, 12).toUpperCase()}`;

/** The reference a bonus's postings carry into the account record: B and the id's first 12 hex digits. */
export const bonusReference = (bonusId: string): string => `B${bonusId.replace(/-/g, '').slice(0, 12).toUpperCase()}`;

export type BonusesService = ReturnType<typeof createBonusesService>;
