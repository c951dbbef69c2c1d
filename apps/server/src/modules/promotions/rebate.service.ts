import { randomUUID } from 'node:crypto';
import {
  currencyExponent,
  type GameCategory,
  gameCategories,
  type RebateBlockReason,
  type RebateSettingsMinor,
} from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { MemberPrincipal, MerchantContext } from '../../platform/principals';
import type { SharedRateLimiter } from '../../platform/security/shared-rate-limiter';
import type { BetsService } from '../bets';
import type { LedgerService } from '../ledger';
import { quoteRebate, type RebateQuote, rebatedCategories } from './rebate.calculation';
import { COLLECT_WINDOW_MS, COLLECTS_PER_MINUTE, collectLimitKey } from './rebate.policy';
import type { ClaimRow, Client, RebateRepository, SettingsRow } from './rebate.repository';

/** A merchant's settings as they apply: its own, or nothing rebated and the platform's minimum. */
export interface MerchantRebateSettings extends RebateSettingsMinor {
  /** No row: the merchant has saved nothing yet. */
  isDefault: boolean;
  updatedAt: Date | null;
}

/** What collecting now would pay the member, and why it would be refused. */
export interface RebateView {
  settings: MerchantRebateSettings;
  quote: RebateQuote;
  blockedBy: RebateBlockReason | null;
}

/** Until a merchant sets its own: one major unit of its currency (a collection of nothing is never paid). */
const defaultMinimum = (currency: string): bigint => 10n ** BigInt(currencyExponent(currency));

const settingsOf = (row: SettingsRow | null, currency: string): MerchantRebateSettings => ({
  ratesPpm: Object.fromEntries(gameCategories.map((gameType) => [gameType, row?.rates[gameType] ?? 0])) as Record<
    GameCategory,
    number
  >,
  minimum: row?.minimumAmount ?? defaultMinimum(currency),
  maximum: row?.maximumAmount ?? null,
  isDefault: !row,
  updatedAt: row?.updatedAt ?? null,
});

const blockOf = (settings: MerchantRebateSettings, quote: RebateQuote): RebateBlockReason | null => {
  if (quote.parts.length === 0) return 'rebate_not_offered';
  return quote.payable < settings.minimum ? 'rebate_below_minimum' : null;
};

const pageOf = (page: { pageNo: number; pageSize: number }) => ({
  offset: (page.pageNo - 1) * page.pageSize,
  limit: page.pageSize,
});

/**
 * Manual rebate (decision 0042). A member collects the rebate of the valid bets of its settled rounds that no
 * collection has taken yet, at the merchant's rate per game category. Rounds are marked by the collection that
 * takes them (bets module, in this module's transaction), never found by a time watermark, so each is rebated at
 * most once whatever order rounds settle and commit in. Money moves only through the ledger.
 */
export const createRebateService = (deps: {
  repository: RebateRepository;
  bets: BetsService;
  ledger: LedgerService;
  limiter: SharedRateLimiter;
}) => {
  const { repository, bets, ledger, limiter } = deps;
  const roundsOf = (member: MemberPrincipal, merchant: MerchantContext, settings: MerchantRebateSettings) => ({
    memberId: member.memberId,
    merchantCode: merchant.code,
    currency: merchant.settings.currency,
    gameTypes: rebatedCategories(settings.ratesPpm),
  });

  return {
    /** What collecting now would pay, per category, read from the rounds a collection would take; marks nothing. */
    overview: async (member: MemberPrincipal, merchant: MerchantContext): Promise<RebateView> => {
      const settings = settingsOf(await repository.settings(merchant.code), merchant.settings.currency);
      const rounds = roundsOf(member, merchant, settings);
      const turnover = rounds.gameTypes.length > 0 ? await bets.notRebatedTurnover(rounds) : [];
      const quote = quoteRebate(turnover, settings.ratesPpm, settings.maximum);
      return { settings, quote, blockedBy: blockOf(settings, quote) };
    },

    /**
     * Collects in one transaction: takes the member's rounds not yet rebated, refuses below the minimum (the
     * rollback leaves every round unmarked and nothing paid), pays from the merchant's `promotions` account to the
     * main wallet keyed by the claim, and records the claim. One member's collections queue on a lock, so a second
     * one at the same moment finds nothing left and is refused.
     */
    collect: async (member: MemberPrincipal, merchant: MerchantContext): Promise<ClaimRow> => {
      const limit = await limiter.hit(collectLimitKey(member.memberId), COLLECTS_PER_MINUTE, COLLECT_WINDOW_MS);
      if (!limit.allowed) throw new AppError('too_many_requests');
      const { currency } = merchant.settings;
      const wallet = { member: member.memberId, wallet: 'main' } as const;
      // Accounts are resolved before the transaction: nothing inside it needs a second connection (decision 0017).
      await ledger.prepare({ merchantCode: merchant.code, currency, accounts: [wallet, { house: 'promotions' }] });
      const claimId = randomUUID();
      const claim = await repository.inTransaction(async (client) => {
        await repository.lockMemberCollections(client, member.memberId);
        const settings = settingsOf(await repository.settings(merchant.code, client), currency);
        const rounds = roundsOf(member, merchant, settings);
        const turnover =
          rounds.gameTypes.length > 0 ? await bets.takeTurnoverForRebate({ ...rounds, claimId }, client) : [];
        const quote = quoteRebate(turnover, settings.ratesPpm, settings.maximum);
        if (blockOf(settings, quote) !== null) throw new AppError('rebate_below_minimum');
        const payment = await ledger.transfer(
          {
            merchantCode: merchant.code,
            currency,
            type: 'rebate',
            idempotencyKey: `rebate:${claimId}`,
            reference: claimId,
            metadata: { claimId },
            from: { house: 'promotions' },
            to: wallet,
            amount: quote.payable,
          },
          client,
        );
        return repository.insertClaim(client, {
          id: claimId,
          merchantCode: merchant.code,
          memberId: member.memberId,
          currency,
          amount: quote.payable,
          totalAmount: quote.total,
          validBet: quote.validBet,
          roundCount: quote.roundCount,
          breakdown: quote.parts
            .filter((part) => part.roundCount > 0)
            .map((part) => ({
              gameType: part.gameType,
              ratePpm: part.ratePpm,
              validBet: part.validBet.toString(),
              rebate: part.rebate.toString(),
              roundCount: part.roundCount,
            })),
          ledgerTransactionId: payment.transactionId,
        });
      });
      ledger.announceBalanceChange(merchant.code, [member.memberId]);
      return claim;
    },

    memberClaims: (member: MemberPrincipal, page: { pageNo: number; pageSize: number }) => {
      return repository.memberClaims(member.memberId, member.merchantCode, pageOf(page));
    },

    merchantSettings: async (merchant: MerchantContext): Promise<MerchantRebateSettings> =>
      settingsOf(await repository.settings(merchant.code), merchant.settings.currency),

    /**
     * Replaces a merchant's settings (already checked in its currency) in one transaction with `audit`, which
     * receives them before and after on the same client: the change and its record commit together, or neither.
     */
    updateSettings: (
      merchant: MerchantContext,
      settings: RebateSettingsMinor,
      audit: (
        client: Client,
        change: { before: MerchantRebateSettings; after: MerchantRebateSettings },
      ) => Promise<void>,
    ): Promise<MerchantRebateSettings> => {
      const { currency } = merchant.settings;
      return repository.inTransaction(async (client) => {
        const before = settingsOf(await repository.lockSettings(client, merchant.code), currency);
        await repository.saveSettings(client, merchant.code, settings);
        const after = settingsOf(await repository.settings(merchant.code, client), currency);
        await audit(client, { before, after });
        return after;
      });
    },

    merchantClaims: (merchantCode: string, page: { pageNo: number; pageSize: number }) =>
      repository.merchantClaims(merchantCode, pageOf(page)),

    /** Demo data: sets a merchant's settings only if it has none (an operator's later edits stay). */
    seedSettings: (merchantCode: string, settings: RebateSettingsMinor): Promise<boolean> =>
      repository.inTransaction(async (client) => {
        if (await repository.lockSettings(client, merchantCode)) return false;
        await repository.saveSettings(client, merchantCode, settings);
        return true;
      }),
  };
};

export type RebateService = ReturnType<typeof createRebateService>;
