import {
  amountFieldFor,
  BONUS_AMOUNT_MAX_MINOR,
  CHAT_APP_REWARD_MAX,
  type ChatApp,
  type FieldError,
  inRegions,
  isEligibilityRegion,
  issuesToFieldErrors,
  type LanguageCode,
  minorOfChecked,
  type PromotionCategory,
  type PromotionEntryStatus,
  type PromotionInput,
  type PromotionText,
  promotionCategories,
  storedRegions,
} from '@tessera/contracts';
import type { EventPayload } from '../../platform/events';
import { AppError } from '../../platform/http/app-error';
import { recodeProofImages } from '../../platform/images/proof-images';
import type { MemberPrincipal, MerchantContext, UploadedFile } from '../../platform/principals';
import type { SharedRateLimiter } from '../../platform/security/shared-rate-limiter';
import { type BonusesService, countsToward, wageringRequirement } from '../bonuses';
import { demoPromotions } from './promotions.demo';
import {
  chatLinkConflictOf,
  type EntryRow,
  type PromotionRow,
  type PromotionsRepository,
  type PromotionValues,
} from './promotions.repository';
import { actionOf, activityState, bonusAmount, frequencyOf, periodKey } from './promotions.rules';

const DAY_MS = 86_400_000;
/** members.type of a free-play trial account. */
const TRIAL_TYPE = 4;
const DEPOSIT_KINDS = new Set(['first_deposit', 'reload_deposit']);
/** Kinds an operator reviews: an application, a chat-app link (decision 0151). */
const REVIEWED_KINDS = new Set(['application', 'chat_app']);
/** Chat-app links a member may send an hour (a handle typed again after a refusal counts too). */
export const CHAT_LINKS_PER_HOUR = 5;

/** Who changed what, recorded in the audit log on the change's own transaction. */
export type PromotionsAudit = (
  client: Parameters<Parameters<PromotionsRepository['inTransaction']>[0]>[0],
  entry: {
    action: 'promotion.create' | 'promotion.update' | 'promotion.application_approve' | 'promotion.application_reject';
    target: string;
    details: Record<string, unknown>;
  },
) => Promise<void>;

/** A member's view of one promotion: the row, its activity state and the entry of the current period. */
export interface MemberPromotionView {
  promotion: PromotionRow;
  state: ReturnType<typeof activityState>;
  entry: EntryRow | null;
  ineligibleReason: string | null;
}

export interface PromotionsDeps {
  repository: PromotionsRepository;
  bonuses: BonusesService;
  /** When the member registered, whether it is a trial account, and its region (decision 0140; null: unknown). */
  memberOf: (memberId: string) => Promise<{ createdAt: Date; type: number; country: string | null } | null>;
  /** The member's VIP rank (0 when none or VIP is off). */
  vipRank: (merchant: MerchantContext, member: MemberPrincipal) => Promise<number>;
  creditedDepositTotal: (merchantCode: string, memberId: string, currency: string) => Promise<bigint>;
  depositChannelKind: (depositId: string) => Promise<string | null>;
  merchantOf: (code: string) => Promise<MerchantContext>;
  limiter: Pick<SharedRateLimiter, 'hit'>;
}

/** The text of a promotion in a language, falling back to the merchant's default and then any. */
export const textIn = (
  texts: Partial<Record<LanguageCode, PromotionText>>,
  language: LanguageCode | null,
  fallback: LanguageCode,
): PromotionText =>
  (language ? texts[language] : undefined) ??
  texts[fallback] ??
  Object.values(texts)[0] ?? { title: '', summary: '', content: '', imageUrl: '' };

/**
 * The promotion engine (decision 0082): promotions per merchant, members' entries per period (unique, so "once per
 * member" holds under any concurrency), the deposit and bet events that earn joined entries their bonus, the
 * application review. Every reward is a bonus in the bonus wallet (decision 0081), granted in the entry's own
 * transaction under the source key `promotion:<entry>`.
 */
export const createPromotionsService = (deps: PromotionsDeps) => {
  const { repository, bonuses } = deps;

  const periodOf = (merchant: MerchantContext, promotion: PromotionRow, at: Date) =>
    periodKey(frequencyOf(promotion.kind, promotion.frequency), merchant.settings.timeZone, at);

  /** Why the member may not take part (an i18n key), or null. */
  const ineligibility = async (
    merchant: MerchantContext,
    member: MemberPrincipal,
    promotion: PromotionRow,
    facts: { createdAt: Date; country: string | null; vipRank: () => Promise<number> },
  ): Promise<string | null> => {
    if (member.type === TRIAL_TYPE) return 'promotion_reason_trial';
    if (promotion.currency !== merchant.settings.currency) return 'promotion_reason_currency';
    if (!inRegions(promotion.regions, facts.country)) return 'promotion_reason_region';
    if ((promotion.newMembersOnly || promotion.kind === 'registration') && facts.createdAt < promotion.startsAt) {
      return 'promotion_reason_new_members';
    }
    if (promotion.minVipLevel > 0 && (await facts.vipRank()) < promotion.minVipLevel) return 'promotion_reason_vip';
    if (promotion.kind === 'first_deposit') {
      const total = await deps.creditedDepositTotal(merchant.code, member.memberId, promotion.currency);
      if (total > 0n) return 'promotion_reason_deposited';
    }
    return null;
  };

  const memberFacts = async (merchant: MerchantContext, member: MemberPrincipal) => {
    const row = await deps.memberOf(member.memberId);
    if (!row) throw new AppError('not_found');
    let rank: Promise<number> | null = null;
    return {
      createdAt: row.createdAt,
      country: row.country,
      vipRank: () => (rank ??= deps.vipRank(merchant, member)),
    };
  };

  /** Why the member of an application may not be granted it now (an i18n key), or null (decision 0142). */
  const eligibilityAtReview = async (
    merchant: MerchantContext,
    promotion: PromotionRow,
    memberId: string,
  ): Promise<string | null> => {
    const row = await deps.memberOf(memberId);
    if (!row) throw new AppError('not_found');
    const member: MemberPrincipal = { memberId, merchantCode: merchant.code, sessionId: '', type: row.type };
    return ineligibility(merchant, member, promotion, {
      createdAt: row.createdAt,
      country: row.country,
      vipRank: () => deps.vipRank(merchant, member),
    });
  };

  const grantFor = async (
    client: Parameters<Parameters<PromotionsRepository['inTransaction']>[0]>[0],
    merchant: MerchantContext,
    promotion: PromotionRow,
    entry: EntryRow,
    amount: bigint,
    deposit: bigint,
  ): Promise<EntryRow> => {
    const { bonus } = await bonuses.grant(client, {
      merchantCode: promotion.merchantCode,
      memberId: entry.memberId,
      currency: promotion.currency,
      sourceKey: `promotion:${entry.id}`,
      source: 'promotion',
      promotionId: promotion.id,
      title: textIn(promotion.texts, null, merchant.settings.defaultLanguage).title,
      amount,
      requirement: wageringRequirement({
        bonus: amount,
        deposit,
        multiple: promotion.wageringMultiple,
        base: promotion.wageringBase,
      }),
      categories: promotion.wageringCategories,
      expiresAt: new Date(Date.now() + promotion.bonusExpiryDays * DAY_MS),
    });
    return repository.setEntry(client, entry.id, { status: 'issued', bonusId: bonus.id });
  };

  /** The promotion a member acts on, open now, with the member eligible; otherwise the refusal. */
  const openFor = async (merchant: MerchantContext, member: MemberPrincipal, promotionId: string) => {
    const promotion = await repository.findPromotion(merchant.code, promotionId);
    if (!promotion?.enabled) throw new AppError('not_found');
    const now = new Date();
    const facts = await memberFacts(merchant, member);
    return { promotion, now, facts };
  };

  const refuseUnlessOpen = async (
    merchant: MerchantContext,
    member: MemberPrincipal,
    promotion: PromotionRow,
    now: Date,
    facts: Awaited<ReturnType<typeof memberFacts>>,
  ) => {
    if (now < promotion.startsAt || now >= promotion.endsAt) throw new AppError('promotion_not_open');
    const reason = await ineligibility(merchant, member, promotion, facts);
    if (reason) throw new AppError('promotion_not_eligible', { value: { reason } });
  };

  const service = {
    /** The merchant's published promotions with each one's state for the member (visitor: none). */
    listForMember: async (
      merchant: MerchantContext,
      member: MemberPrincipal | null,
      now: Date = new Date(),
    ): Promise<MemberPromotionView[]> => {
      const list = (await repository.listPromotions(merchant.code, true)).filter(
        (p) => p.currency === merchant.settings.currency,
      );
      if (!member) {
        return list.map((promotion) => ({
          promotion,
          entry: null,
          ineligibleReason: null,
          state: activityState({ ...promotion, now, entry: null, eligible: true }),
        }));
      }
      const keys = list.map((p) => ({ promotionId: p.id, periodKey: periodOf(merchant, p, now) }));
      const entries = await repository.memberEntries(member.memberId, keys);
      const byPromotion = new Map(entries.map((e) => [e.promotionId, e]));
      const statuses = await bonuses.statuses(entries.flatMap((e) => (e.bonusId ? [e.bonusId] : [])));
      const facts = await memberFacts(merchant, member);
      return Promise.all(
        list.map(async (promotion) => {
          const entry = byPromotion.get(promotion.id) ?? null;
          const open = now >= promotion.startsAt && now < promotion.endsAt;
          const reason = !entry && open ? await ineligibility(merchant, member, promotion, facts) : null;
          const state = activityState({
            ...promotion,
            now,
            entry: entry
              ? { status: entry.status, bonusOpen: entry.bonusId ? statuses.get(entry.bonusId) === 'active' : false }
              : null,
            eligible: reason === null,
          });
          return { promotion, entry, state, ineligibleReason: state === 'closed' ? reason : null };
        }),
      );
    },

    /** The categories holding published promotions in the merchant's currency, in their order, with counts. */
    categories: async (merchant: MerchantContext): Promise<{ category: PromotionCategory; count: number }[]> => {
      const list = (await repository.listPromotions(merchant.code, true)).filter(
        (p) => p.currency === merchant.settings.currency,
      );
      return promotionCategories.flatMap((category) => {
        const count = list.filter((p) => p.category === category).length;
        return count > 0 ? [{ category, count }] : [];
      });
    },

    /** Joins a deposit promotion or a turnover challenge for the current period: once. */
    join: async (merchant: MerchantContext, member: MemberPrincipal, promotionId: string): Promise<void> => {
      const { promotion, now, facts } = await openFor(merchant, member, promotionId);
      if (actionOf(promotion.kind) !== 'join') throw new AppError('promotion_wrong_action');
      await refuseUnlessOpen(merchant, member, promotion, now, facts);
      const inserted = await repository.inTransaction((client) =>
        repository.insertEntry(client, {
          promotionId: promotion.id,
          merchantCode: merchant.code,
          memberId: member.memberId,
          periodKey: periodOf(merchant, promotion, now),
          status: promotion.kind === 'turnover_challenge' ? 'in_process' : 'joined',
          remark: '',
        }),
      );
      if (!inserted) throw new AppError('promotion_already_joined');
    },

    /**
     * Claims a registration or daily-login bonus (the entry and its bonus in one transaction), or a turnover
     * challenge whose target was reached.
     */
    claim: async (merchant: MerchantContext, member: MemberPrincipal, promotionId: string): Promise<void> => {
      const { promotion, now, facts } = await openFor(merchant, member, promotionId);
      const action = actionOf(promotion.kind);
      if (action === 'apply' || action === 'link' || (action === 'join' && promotion.kind !== 'turnover_challenge')) {
        throw new AppError('promotion_wrong_action');
      }
      if (now < promotion.startsAt || now >= promotion.endsAt) throw new AppError('promotion_not_open');
      const period = periodOf(merchant, promotion, now);
      await bonuses.prepare(merchant.code, promotion.currency, member.memberId);
      if (promotion.kind === 'turnover_challenge') {
        await repository.inTransaction(async (client) => {
          const seen = await repository.findEntry(client, promotion.id, member.memberId, period);
          const entry = seen && (await repository.lockEntry(client, merchant.code, seen.id));
          if (entry?.status !== 'claimable') throw new AppError('promotion_not_claimable');
          const current = await repository.findPromotion(merchant.code, promotion.id, { db: client, share: true });
          if (!current) throw new AppError('not_found');
          await grantFor(client, merchant, current, entry, current.fixedAmount, 0n);
        });
        return;
      }
      const reason = await ineligibility(merchant, member, promotion, facts);
      if (reason) throw new AppError('promotion_not_eligible', { value: { reason } });
      await repository.inTransaction(async (client) => {
        const current = await repository.findPromotion(merchant.code, promotion.id, { db: client, share: true });
        if (!current?.enabled) throw new AppError('not_found');
        const entry = await repository.insertEntry(client, {
          promotionId: promotion.id,
          merchantCode: merchant.code,
          memberId: member.memberId,
          periodKey: period,
          status: 'claimable',
          remark: '',
        });
        if (!entry) throw new AppError('promotion_already_joined');
        await grantFor(client, merchant, current, entry, current.fixedAmount, 0n);
      });
    },

    /** Claims today's bonus of a daily-login promotion (`MCSFE_claimLoginPromotion`); any other kind: wrong action. */
    claimLogin: async (merchant: MerchantContext, member: MemberPrincipal, promotionId: string): Promise<void> => {
      const promotion = await repository.findPromotion(merchant.code, promotionId);
      if (!promotion?.enabled) throw new AppError('not_found');
      if (promotion.kind !== 'daily_login') throw new AppError('promotion_wrong_action');
      await service.claim(merchant, member, promotionId);
    },

    /** Applies for an application-reviewed promotion with a remark and up to 3 images (checked before any write). */
    apply: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      input: { promotionId: string; remark: string },
      files: readonly UploadedFile[],
    ): Promise<void> => {
      const images = recodeProofImages(files);
      const { promotion, now, facts } = await openFor(merchant, member, input.promotionId);
      if (actionOf(promotion.kind) !== 'apply') throw new AppError('promotion_wrong_action');
      await refuseUnlessOpen(merchant, member, promotion, now, facts);
      await repository.inTransaction(async (client) => {
        const entry = await repository.insertEntry(client, {
          promotionId: promotion.id,
          merchantCode: merchant.code,
          memberId: member.memberId,
          periodKey: periodOf(merchant, promotion, now),
          status: 'applying',
          remark: input.remark,
        });
        if (!entry) throw new AppError('promotion_already_joined');
        await repository.insertImages(client, entry.id, images);
      });
    },

    /**
     * Links the member's chat-app handle for a chat-app reward (decision 0151): a link waiting for review. The
     * handle's shape was judged by the contract; a handle another member of the merchant holds, or a second live
     * link of the member, is refused on the handle field by the unique indexes (nothing written), as are more than
     * `CHAT_LINKS_PER_HOUR` links an hour. A rejected link of the period is taken up again with the new handle.
     */
    linkChatApp: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      input: { promotionId: string; chatApp: ChatApp; handle: string },
    ): Promise<EntryRow> => {
      const { promotion, now, facts } = await openFor(merchant, member, input.promotionId);
      if (actionOf(promotion.kind) !== 'link') throw new AppError('promotion_wrong_action');
      await refuseUnlessOpen(merchant, member, promotion, now, facts);
      const allowed = await deps.limiter.hit(`chat-app-link:${member.memberId}`, CHAT_LINKS_PER_HOUR, 3_600_000);
      if (!allowed.allowed) throw new AppError('too_many_requests');
      try {
        const entry = await repository.inTransaction((client) =>
          repository.linkChat(client, {
            promotionId: promotion.id,
            merchantCode: merchant.code,
            memberId: member.memberId,
            periodKey: periodOf(merchant, promotion, now),
            chatApp: input.chatApp,
            chatHandle: input.handle,
          }),
        );
        if (!entry) throw new AppError('promotion_already_joined');
        return entry;
      } catch (error) {
        const conflict = chatLinkConflictOf(error);
        if (conflict === null) throw error;
        const code = conflict === 'handle' ? 'chat_handle_taken' : 'chat_app_already_linked';
        throw new AppError('validation_failed', { fieldErrors: [{ path: 'handle', code }] });
      }
    },

    /**
     * Withdraws the member's own application ticket while it waits for review (decision 0146): under the entry's
     * row lock, so a review and a second withdrawal wait and then find it gone or decided; the images and the entry
     * go together and nothing else changes. Another member's ticket reads as none. Answers its promotion's id.
     */
    cancelTicket: async (merchant: MerchantContext, member: MemberPrincipal, ticketId: string): Promise<string> =>
      repository.inTransaction(async (client) => {
        const entry = await repository.lockEntry(client, merchant.code, ticketId);
        if (entry?.memberId !== member.memberId) throw new AppError('not_found');
        if (entry.status !== 'applying') throw new AppError('promotion_application_decided');
        await repository.deleteApplication(client, entry.id);
        return entry.promotionId;
      }),

    /**
     * A credited deposit earns each of the member's joined deposit promotions whose window holds it its bonus
     * (on the delivery's transaction, once per event).
     */
    onDeposit: async (tx: Parameters<PromotionsRepository['setEntry']>[0], event: EventPayload<'deposit.credited'>) => {
      const waiting = await repository.lockWaiting(tx, event.memberId, 'joined');
      if (waiting.length === 0) return;
      const amount = BigInt(event.amount);
      const now = new Date();
      let channelKind: Promise<string | null> | null = null;
      let region: Promise<string | null> | null = null;
      for (const entry of waiting) {
        const promotion = await repository.findPromotion(event.merchantCode, entry.promotionId, {
          db: tx,
          share: true,
        });
        if (!promotion || !DEPOSIT_KINDS.has(promotion.kind) || promotion.currency !== event.currency) continue;
        if (now < promotion.startsAt || now >= promotion.endsAt) continue;
        // The member's stored region when the deposit is credited: one that left the promotion's regions since
        // joining earns nothing (decision 0140).
        if (promotion.regions.length > 0) {
          region ??= deps.memberOf(event.memberId).then((m) => m?.country ?? null);
          if (!inRegions(promotion.regions, await region)) continue;
        }
        if (promotion.paymentChannelKinds.length > 0) {
          channelKind ??= deps.depositChannelKind(event.depositId);
          const kind = await channelKind;
          if (!kind || !promotion.paymentChannelKinds.includes(kind)) continue;
        }
        if (promotion.kind === 'first_deposit') {
          const total = await deps.creditedDepositTotal(event.merchantCode, event.memberId, event.currency);
          if (total !== amount) continue; // not the member's first deposit
        }
        const bonus = bonusAmount(promotion, amount);
        if (bonus <= 0n) continue;
        const merchant = await deps.merchantOf(event.merchantCode);
        await grantFor(tx, merchant, promotion, entry, bonus, amount);
      }
    },

    /** A settled round's valid bet advances the member's turnover challenges on their categories. */
    onBet: async (tx: Parameters<PromotionsRepository['setEntry']>[0], event: EventPayload<'bet.settled'>) => {
      const validBet = BigInt(event.validBet);
      if (validBet <= 0n) return;
      const running = await repository.lockWaiting(tx, event.memberId, 'in_process');
      const settledAt = new Date(event.settledAt);
      for (const entry of running) {
        const promotion = await repository.findPromotion(event.merchantCode, entry.promotionId, { db: tx });
        if (promotion?.kind !== 'turnover_challenge' || promotion.currency !== event.currency) continue;
        if (settledAt < entry.createdAt || settledAt >= promotion.endsAt) continue;
        if (!countsToward({ categories: promotion.wageringCategories }, event.gameType)) continue;
        const progress = entry.progress + validBet;
        const reached = progress >= promotion.turnoverTarget;
        await repository.setEntry(tx, entry.id, {
          progress: reached ? promotion.turnoverTarget : progress,
          ...(reached ? { status: 'claimable' as PromotionEntryStatus } : {}),
        });
      }
    },

    /**
     * Promotions' titles in a reader's language, falling back to the merchant's default (`textIn`): what the
     * bonuses module answers a promotion's bonus with (`BonusTitleSource`); an empty title is left out.
     */
    titlesIn: async (
      merchantCode: string,
      promotionIds: readonly string[],
      language: LanguageCode | null,
      fallback: LanguageCode,
    ): Promise<ReadonlyMap<string, string>> => {
      const texts = await repository.textsOf(merchantCode, promotionIds);
      const titles = new Map<string, string>();
      for (const [id, text] of texts) {
        const { title } = textIn(text, language, fallback);
        if (title) titles.set(id, title);
      }
      return titles;
    },

    // ---- back office ----

    listForMerchant: async (merchant: MerchantContext) => {
      const [rows, joined, figures] = await Promise.all([
        repository.listPromotions(merchant.code, false),
        repository.joinedCounts(merchant.code),
        bonuses.figures(merchant.code),
      ]);
      return rows.map((row) => ({
        row,
        figures: {
          joined: joined.get(row.id) ?? 0,
          issued: figures.get(row.id)?.issued ?? 0,
          cost: figures.get(row.id)?.cost ?? 0n,
        },
      }));
    },

    /** Judges an editor's input in the merchant's currency and languages: the values, or the field errors. */
    judge: (merchant: MerchantContext, input: PromotionInput): PromotionValues => {
      const { currency, defaultLanguage, supportedLanguages } = merchant.settings;
      const errors: FieldError[] = [];
      const amount = (field: 'fixedAmount' | 'maxAmount' | 'minDeposit' | 'turnoverTarget'): bigint => {
        const text = input[field].trim();
        // Zero (or empty) means "none" for these fields; anything else must be a positive amount in the currency.
        if (/^0*(\.0*)?$/.test(text)) return 0n;
        const judged = amountFieldFor(currency, BONUS_AMOUNT_MAX_MINOR).safeParse(text);
        if (!judged.success) {
          errors.push(...issuesToFieldErrors(judged.error.issues).map((e) => ({ ...e, path: field })));
          return 0n;
        }
        return minorOfChecked(judged.data, currency);
      };
      const values: PromotionValues = {
        kind: input.kind,
        category: input.category,
        texts: input.texts,
        startsAt: new Date(input.startsAt),
        endsAt: new Date(input.endsAt),
        enabled: input.enabled,
        sort: input.sort,
        currency,
        percent: input.percent,
        fixedAmount: amount('fixedAmount'),
        maxAmount: amount('maxAmount'),
        minDeposit: amount('minDeposit'),
        turnoverTarget: amount('turnoverTarget'),
        wageringMultiple: input.wageringMultiple,
        wageringBase: input.wageringBase,
        wageringCategories: [...new Set(input.wageringCategories)],
        bonusExpiryDays: input.bonusExpiryDays,
        frequency: input.frequency,
        minVipLevel: input.minVipLevel,
        newMembersOnly: input.newMembersOnly,
        paymentChannelKinds: [...new Set(input.paymentChannelKinds)],
        regions: storedRegions(input.regions),
      };
      if (values.regions.some((code) => !isEligibilityRegion(code))) {
        errors.push({ path: 'regions', code: 'field_not_allowed' });
      }
      if (!input.texts[defaultLanguage]) errors.push({ path: `texts.${defaultLanguage}.title`, code: 'not_empty' });
      for (const language of Object.keys(input.texts)) {
        if (!supportedLanguages.includes(language as LanguageCode)) {
          errors.push({ path: `texts.${language}`, code: 'field_not_allowed' });
        }
      }
      const isDeposit = DEPOSIT_KINDS.has(input.kind);
      // An amount refused above keeps its own error: one message per field, the one that says what to fix.
      const refused = new Set(errors.map((e) => e.path));
      if (isDeposit && values.percent === 0 && values.fixedAmount === 0n && !refused.has('fixedAmount')) {
        errors.push({ path: 'percent', code: 'field_too_small', params: { min: 1 } });
      }
      if (!isDeposit && values.fixedAmount === 0n && !refused.has('fixedAmount')) {
        errors.push({ path: 'fixedAmount', code: 'amount_not_positive' });
      }
      // Spec section 9: a chat-app reward of up to 131K in the merchant currency (decision 0151).
      if (
        input.kind === 'chat_app' &&
        values.fixedAmount > minorOfChecked(CHAT_APP_REWARD_MAX, currency) &&
        !refused.has('fixedAmount')
      ) {
        errors.push({ path: 'fixedAmount', code: 'field_too_large', params: { max: CHAT_APP_REWARD_MAX } });
      }
      if (input.kind === 'turnover_challenge' && values.turnoverTarget === 0n && !refused.has('turnoverTarget')) {
        errors.push({ path: 'turnoverTarget', code: 'amount_not_positive' });
      }
      if (errors.length > 0) throw new AppError('validation_failed', { fieldErrors: errors });
      return values;
    },

    create: async (merchant: MerchantContext, values: PromotionValues, audit: PromotionsAudit) =>
      repository.inTransaction(async (client) => {
        const row = await repository.insertPromotion(client, merchant.code, values);
        await audit(client, {
          action: 'promotion.create',
          target: `promotion:${row.id}`,
          details: { after: auditView(row) },
        });
        return row;
      }),

    update: async (merchant: MerchantContext, id: string, values: PromotionValues, audit: PromotionsAudit) =>
      repository.inTransaction(async (client) => {
        const before = await repository.lockPromotion(client, merchant.code, id);
        if (!before) throw new AppError('not_found');
        if (
          (before.kind !== values.kind || before.currency !== values.currency) &&
          (await repository.hasEntries(client, id))
        ) {
          throw new AppError('promotion_in_use');
        }
        const row = await repository.updatePromotion(client, id, values);
        await audit(client, {
          action: 'promotion.update',
          target: `promotion:${id}`,
          details: { before: auditView(before), after: auditView(row) },
        });
        return row;
      }),

    applications: async (
      merchant: MerchantContext,
      status: PromotionEntryStatus,
      page: { pageNo: number; pageSize: number },
    ) => {
      const { rows, total } = await repository.applications(merchant.code, status, {
        offset: (page.pageNo - 1) * page.pageSize,
        limit: page.pageSize,
      });
      const images = await repository.imagesOf(rows.map((r) => r.id));
      return { rows, images, total, totalPages: Math.ceil(total / page.pageSize) };
    },

    imagesOf: repository.imagesOf,

    findPromotion: (merchant: MerchantContext, id: string) => repository.findPromotion(merchant.code, id),

    /** Approves (the bonus is granted in the same transaction) or rejects an application, once. */
    review: async (
      merchant: MerchantContext,
      entryId: string,
      decision: { approve: boolean; note: string; operatorId: string },
      audit: PromotionsAudit,
    ): Promise<EntryRow> => {
      const seen = await repository.entryById(merchant.code, entryId);
      if (!seen) throw new AppError('not_found');
      // A chat-app link is refused with the reason the member reads beside it (decision 0151).
      if (!decision.approve && seen.chatHandle !== null && decision.note.trim() === '') {
        throw new AppError('validation_failed', { fieldErrors: [{ path: 'note', code: 'not_empty' }] });
      }
      if (decision.approve) {
        // Eligibility is judged again with the member's facts now (decision 0142), before the transaction (the VIP
        // rank is evaluated on a connection of its own): a member who since signed in from a region the promotion
        // does not name, or a promotion whose rules the operator tightened, gets nothing; the application stays
        // pending, to be rejected with a note or approved once the member is eligible again.
        const promotion = await repository.findPromotion(merchant.code, seen.promotionId);
        if (!promotion || !REVIEWED_KINDS.has(promotion.kind)) throw new AppError('not_found');
        if (seen.status !== 'applying') throw new AppError('promotion_application_decided');
        const reason = await eligibilityAtReview(merchant, promotion, seen.memberId);
        if (reason) throw new AppError('promotion_application_ineligible', { value: { reason } });
        await bonuses.prepare(merchant.code, merchant.settings.currency, seen.memberId);
      }
      return repository.inTransaction(async (client) => {
        const entry = await repository.lockEntry(client, merchant.code, entryId);
        if (!entry) throw new AppError('not_found');
        const promotion = await repository.findPromotion(merchant.code, entry.promotionId, { db: client, share: true });
        if (!promotion || !REVIEWED_KINDS.has(promotion.kind)) throw new AppError('not_found');
        if (entry.status !== 'applying') throw new AppError('promotion_application_decided');
        const reviewed = { reviewNote: decision.note, reviewedBy: decision.operatorId, reviewed: true };
        const done = decision.approve
          ? await grantFor(client, merchant, promotion, entry, rewardOf(merchant, promotion), 0n)
          : await repository.setEntry(client, entry.id, { status: 'rejected' });
        const final = await repository.setEntry(client, done.id, reviewed);
        await audit(client, {
          action: decision.approve ? 'promotion.application_approve' : 'promotion.application_reject',
          target: `member:${entry.memberId}`,
          details: {
            entryId: entry.id,
            promotionId: promotion.id,
            note: decision.note,
            bonusId: final.bonusId,
            ...(entry.chatHandle ? { chatApp: entry.chatApp, chatHandle: entry.chatHandle } : {}),
          },
        });
        return final;
      });
    },

    /**
     * The demo merchant's promotions on a real start (`demoPromotions`): written once, when the merchant has none,
     * through the editor's judging; a merchant an operator has configured is left alone.
     */
    seedDemo: async (merchantCode: string, now = new Date()): Promise<void> => {
      if ((await repository.listPromotions(merchantCode, false)).length > 0) return;
      const merchant = await deps.merchantOf(merchantCode);
      const values = demoPromotions(now, merchant.settings.supportedLanguages).map((input) =>
        service.judge(merchant, input),
      );
      await repository.inTransaction(async (client) => {
        for (const value of values) await repository.insertPromotion(client, merchantCode, value);
      });
    },
  };
  return service;
};

/** What a reviewed entry pays: the fixed amount, a chat-app reward never above spec section 9's 131K. */
const rewardOf = (merchant: MerchantContext, promotion: PromotionRow): bigint => {
  if (promotion.kind !== 'chat_app') return promotion.fixedAmount;
  const cap = minorOfChecked(CHAT_APP_REWARD_MAX, merchant.settings.currency);
  if (promotion.fixedAmount > cap) return cap;
  return promotion.fixedAmount;
};

const auditView = (row: PromotionRow) => ({
  kind: row.kind,
  category: row.category,
  titles: Object.fromEntries(Object.entries(row.texts).map(([lang, text]) => [lang, text?.title])),
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  enabled: row.enabled,
  percent: row.percent,
  fixedAmount: row.fixedAmount.toString(),
  maxAmount: row.maxAmount.toString(),
  minDeposit: row.minDeposit.toString(),
  turnoverTarget: row.turnoverTarget.toString(),
  wageringMultiple: row.wageringMultiple,
  wageringBase: row.wageringBase,
  wageringCategories: row.wageringCategories,
  bonusExpiryDays: row.bonusExpiryDays,
  frequency: row.frequency,
  minVipLevel: row.minVipLevel,
  newMembersOnly: row.newMembersOnly,
  paymentChannelKinds: row.paymentChannelKinds,
  regions: row.regions,
});

export type PromotionsService = ReturnType<typeof createPromotionsService>;
