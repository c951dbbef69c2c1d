import { randomBytes } from 'node:crypto';
import {
  cashForPoints,
  currencyExponent,
  type LanguageCode,
  POINT_IMAGE_MAX_BYTES,
  POINT_IMAGE_MAX_SIDE,
  type PointEarnCategory,
  type PointItemInput,
  type PointRedeemStatus,
  type PointRulesInput,
  parseMoney,
  pointEarnCategories,
  TRIAL_MEMBER_TYPE,
} from '@tessera/contracts';
import type { EventPayload } from '../../platform/events';
import { AppError, fieldError } from '../../platform/http/app-error';
import { recodeImage } from '../../platform/images/image-recode';
import type { MemberPrincipal, MerchantContext } from '../../platform/principals';
import type { AccountService } from '../account';
import type { LedgerService } from '../ledger';
import type { MembersService } from '../members';
import type {
  Client,
  PointItemRow,
  PointItemValues,
  PointRedemptionRow,
  PointRulesRow,
  PointsRepository,
} from './points.repository';
import { buyRatioAllowed, pointsForBet, pointsForDeposit, ratesOf } from './points.rules';

export const POINTS_PAGE_SIZE = 20;
/** Where points become money and where a redemption's cash part goes: the merchant's promotions account. */
const HOUSE = { house: 'promotions' as const };
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newReference = () =>
  `P${Array.from(randomBytes(11), (b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join('')}`;

/** A change an operator made, as its audit row records it; written on the change's own client. */
export type PointsAudit = (
  client: Client,
  entry: {
    action:
      | 'points.rules_update'
      | 'points.item_create'
      | 'points.item_update'
      | 'points.redemption_approve'
      | 'points.redemption_reject'
      | 'points.adjust'
      | 'points.image_upload';
    target: string;
    details: Record<string, unknown>;
  },
) => Promise<void>;

const pageOf = (pageNo: number) => ({ offset: (pageNo - 1) * POINTS_PAGE_SIZE, limit: POINTS_PAGE_SIZE });
const totalPages = (total: number) => Math.max(1, Math.ceil(total / POINTS_PAGE_SIZE));

/** An amount an operator typed that may be zero ("0"), in minor units; a field error otherwise. */
const amountOrZero = (text: string, currency: string, path: string): bigint => {
  const parsed = parseMoney(text, currency);
  if (parsed.ok) return parsed.minor;
  if (parsed.error === 'amount_not_positive' && !text.trim().startsWith('-')) return 0n;
  throw fieldError(path, parsed.error);
};

const onOffer = (item: PointItemRow, now: Date) =>
  item.enabled && (!item.startsAt || item.startsAt <= now) && (!item.endsAt || item.endsAt > now);

export interface PointsDeps {
  repository: PointsRepository;
  ledger: Pick<LedgerService, 'prepare' | 'transfer' | 'announceBalanceChange'>;
  /** The withdraw password check, rate-limited by the account service (never read here). */
  account: Pick<AccountService, 'checkWithdrawPassword'>;
  members: Pick<MembersService, 'findById'>;
  now?: () => Date;
}

export const createPointsService = (deps: PointsDeps) => {
  const { repository, ledger, account, members } = deps;
  const now = deps.now ?? (() => new Date());

  const rulesOf = async (merchantCode: string, db?: Client) => {
    const row = await repository.rules(merchantCode, db);
    return {
      row,
      rates: ratesOf(row?.rates),
      convertRatio: row?.convertRatio ?? 0n,
      buyRatio: row?.buyRatio ?? 0n,
    };
  };

  /** A member of the merchant that may earn (not a free-play trial), else null. */
  const earner = async (merchantCode: string, memberId: string) => {
    const member = await members.findById(memberId);
    return member && member.merchantCode === merchantCode && member.type !== TRIAL_MEMBER_TYPE ? member : null;
  };

  /** A member of `merchant` for the back office; another merchant's or unknown: not_found. */
  const memberOfMerchant = async (merchantCode: string, memberId: string) => {
    const member = await members.findById(memberId);
    if (!member || member.merchantCode !== merchantCode) throw new AppError('not_found');
    return member;
  };

  const judgeItem = async (merchant: MerchantContext, input: PointItemInput): Promise<PointItemValues> => {
    const { currency, defaultLanguage, supportedLanguages } = merchant.settings;
    const names: Partial<Record<LanguageCode, string>> = {};
    for (const [lang, name] of Object.entries(input.names) as [LanguageCode, string][]) {
      if (!supportedLanguages.includes(lang)) throw fieldError(`names.${lang}`, 'field_not_allowed');
      if (name.trim()) names[lang] = name.trim();
    }
    const images = input.images as Partial<Record<LanguageCode, string>>;
    const known = await repository.imagesOfMerchant(merchant.code, Object.values(images));
    for (const [lang, imageId] of Object.entries(images) as [LanguageCode, string][]) {
      if (!supportedLanguages.includes(lang)) throw fieldError(`images.${lang}`, 'field_not_allowed');
      // Another merchant's picture or an unknown id: refused, never served as this merchant's goods.
      if (!known.has(imageId)) throw fieldError(`images.${lang}`, 'field_invalid');
    }
    if (!names[defaultLanguage]) throw fieldError(`names.${defaultLanguage}`, 'not_empty');
    const amountRequired = amountOrZero(input.amountRequired, currency, 'amountRequired');
    const cashValue = amountOrZero(input.cashValue, currency, 'cashValue');
    if (input.kind === 'cash' && cashValue === 0n) throw fieldError('cashValue', 'field_too_small');
    if (input.kind === 'physical' && cashValue !== 0n) throw fieldError('cashValue', 'field_not_allowed');
    const startsAt = input.startsAt ? new Date(input.startsAt) : null;
    const endsAt = input.endsAt ? new Date(input.endsAt) : null;
    if (startsAt && endsAt && endsAt <= startsAt) throw fieldError('endsAt', 'date_range_invalid');
    return {
      kind: input.kind,
      names,
      images,
      pointsRequired: BigInt(input.pointsRequired),
      amountRequired,
      cashValue,
      quantity: input.quantity,
      perMemberLimit: input.perMemberLimit,
      startsAt,
      endsAt,
      enabled: input.enabled,
    };
  };

  /** Moves the member's main wallet by a redemption's cash (paid out minus paid in), on the caller's client. */
  const moveCash = async (
    client: Client,
    merchant: MerchantContext,
    memberId: string,
    net: bigint,
    idempotencyKey: string,
    reference: string,
  ) => {
    if (net === 0n) return;
    const wallet = { member: memberId, wallet: 'main' as const };
    await ledger.transfer(
      {
        merchantCode: merchant.code,
        currency: merchant.settings.currency,
        type: 'points_redeem',
        idempotencyKey,
        reference,
        from: net > 0n ? HOUSE : wallet,
        to: net > 0n ? wallet : HOUSE,
        amount: net > 0n ? net : -net,
      },
      client,
    );
  };

  const prepareMoney = (merchant: MerchantContext, memberId: string) =>
    ledger.prepare({
      merchantCode: merchant.code,
      currency: merchant.settings.currency,
      accounts: [{ member: memberId, wallet: 'main' }, HOUSE],
    });

  return {
    rules: async (merchant: MerchantContext) => {
      const { row, rates, convertRatio, buyRatio } = await rulesOf(merchant.code);
      return { row, rates, convertRatio, buyRatio, rulesText: row?.rulesText ?? {} };
    },

    balance: (memberId: string) => repository.balance(memberId),

    details: async (memberId: string, pageNo: number) => {
      const { rows, total } = await repository.entries(memberId, pageOf(pageNo));
      return { rows, pageNo, totalPages: totalPages(total) };
    },

    redemptions: async (memberId: string, pageNo: number) => {
      const { rows, total } = await repository.memberRedemptions(memberId, pageOf(pageNo));
      return { rows, pageNo, totalPages: totalPages(total) };
    },

    itemsOnOffer: (merchant: MerchantContext) => repository.itemsOnOffer(merchant.code, now()),

    // ---------------------------------------------------------------------------------------------------------
    // Earning: subscribers write on the delivery's transaction, once per source event (its source key).

    earnFromBet: async (client: Client, event: EventPayload<'bet.settled'>) => {
      const { rates } = await rulesOf(event.merchantCode, client);
      const earned = pointsForBet(rates, event);
      if (!earned || !(await earner(event.merchantCode, event.memberId))) return;
      await repository.applyEntry(client, {
        merchantCode: event.merchantCode,
        memberId: event.memberId,
        type: earned.category,
        delta: earned.points,
        sourceKey: `bet:${event.roundId}`,
        remark: event.roundRef,
      });
    },

    earnFromDeposit: async (client: Client, event: EventPayload<'deposit.credited'>) => {
      const { rates } = await rulesOf(event.merchantCode, client);
      const points = pointsForDeposit(rates, event.amount, event.currency);
      if (points <= 0n || !(await earner(event.merchantCode, event.memberId))) return;
      await repository.applyEntry(client, {
        merchantCode: event.merchantCode,
        memberId: event.memberId,
        type: 'deposit',
        delta: points,
        sourceKey: `deposit:${event.depositId}`,
        remark: null,
      });
    },

    // ---------------------------------------------------------------------------------------------------------
    // Spending: the withdraw password first (rate-limited by the account service), then one transaction.

    convert: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      input: { requestId: string; points: string; withdrawPassword: string },
    ) => {
      const { currency } = merchant.settings;
      const { convertRatio } = await rulesOf(merchant.code);
      if (convertRatio <= 0n) throw new AppError('points_convert_off');
      const points = BigInt(input.points);
      const amount = cashForPoints(points, convertRatio, currencyExponent(currency));
      if (amount === null) throw fieldError('points', 'points_not_whole', { ratio: convertRatio.toString() });
      await account.checkWithdrawPassword(member, input.withdrawPassword);
      await prepareMoney(merchant, member.memberId);
      const key = `convert:${member.memberId}:${input.requestId}`;
      const balance = await repository.inTransaction(async (client) => {
        const applied = await repository.applyEntry(client, {
          merchantCode: merchant.code,
          memberId: member.memberId,
          type: 'convert',
          delta: -points,
          sourceKey: key,
          remark: null,
        });
        if (applied.outcome === 'insufficient') {
          throw new AppError('points_insufficient', { fieldErrors: [{ path: 'points', code: 'points_insufficient' }] });
        }
        await ledger.transfer(
          {
            merchantCode: merchant.code,
            currency,
            type: 'points_convert',
            idempotencyKey: `points-${key}`,
            reference: input.requestId,
            metadata: { points: points.toString() },
            from: HOUSE,
            to: { member: member.memberId, wallet: 'main' },
            amount,
          },
          client,
        );
        return applied.balance;
      });
      ledger.announceBalanceChange(merchant.code, [member.memberId]);
      return { points, amount, currency, balance };
    },

    /**
     * Get points by cash (decision 0063): the cash leg through the ledger (main wallet to the promotions account),
     * the points through the points entries, in one transaction under one key per request, so a retry or a twin
     * request applies once. A trial member never reaches here (the endpoint wants a real member), nor would earn.
     */
    buy: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      input: { requestId: string; points: string; withdrawPassword: string },
    ) => {
      const { currency } = merchant.settings;
      const { buyRatio } = await rulesOf(merchant.code);
      if (buyRatio <= 0n) throw new AppError('points_buy_off');
      const points = BigInt(input.points);
      const amount = cashForPoints(points, buyRatio, currencyExponent(currency));
      if (amount === null) throw fieldError('points', 'points_not_whole', { ratio: buyRatio.toString() });
      if (member.type === TRIAL_MEMBER_TYPE) throw new AppError('in_need_true_account');
      await account.checkWithdrawPassword(member, input.withdrawPassword);
      await prepareMoney(merchant, member.memberId);
      const key = `buy:${member.memberId}:${input.requestId}`;
      const balance = await repository.inTransaction(async (client) => {
        const applied = await repository.applyEntry(client, {
          merchantCode: merchant.code,
          memberId: member.memberId,
          type: 'buy',
          delta: points,
          sourceKey: key,
          remark: null,
        });
        if (applied.outcome !== 'applied') return applied.balance;
        // Refused for want of cash (insufficient_funds), this rolls the points entry back with it.
        await ledger.transfer(
          {
            merchantCode: merchant.code,
            currency,
            type: 'points_buy',
            idempotencyKey: `points-${key}`,
            reference: input.requestId,
            metadata: { points: points.toString() },
            from: { member: member.memberId, wallet: 'main' },
            to: HOUSE,
            amount,
          },
          client,
        );
        return applied.balance;
      });
      ledger.announceBalanceChange(merchant.code, [member.memberId]);
      return { points, amount, currency, balance };
    },

    /** Checks and re-encodes a goods picture, then stores it for the merchant (audited with its own row). */
    uploadImage: async (merchant: MerchantContext, bytes: Buffer, audit: PointsAudit) => {
      if (bytes.length === 0) throw new AppError('image_invalid');
      const image = recodeImage(bytes, { maxBytes: POINT_IMAGE_MAX_BYTES, maxSide: POINT_IMAGE_MAX_SIDE });
      const row = await repository.insertImage({
        merchantCode: merchant.code,
        mediaType: image.mediaType,
        bytes: image.bytes,
        width: image.width,
        height: image.height,
        byteSize: image.bytes.length,
      });
      await repository.inTransaction((client) =>
        audit(client, {
          action: 'points.image_upload',
          target: `image:${row.id}`,
          details: { mediaType: row.mediaType, width: row.width, height: row.height, byteSize: row.byteSize },
        }),
      );
      return row;
    },

    image: (id: string) => repository.image(id),

    redeem: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      input: {
        requestId: string;
        itemId: string;
        quantity: number;
        withdrawPassword: string;
        address?: string | undefined;
        mobileNum?: string | undefined;
      },
      language: LanguageCode,
    ): Promise<PointRedemptionRow> => {
      const previous = await repository.findRedemptionByRequest(member.memberId, input.requestId);
      if (previous) return previous;
      const item = await repository.item(merchant.code, input.itemId);
      if (!item || !onOffer(item, now())) throw new AppError('points_item_unavailable');
      if (item.kind === 'physical') {
        const missing = [
          ...(input.address ? [] : [{ path: 'address', code: 'not_empty' }]),
          ...(input.mobileNum ? [] : [{ path: 'mobileNum', code: 'not_empty' }]),
        ];
        if (missing.length > 0) throw new AppError('validation_failed', { fieldErrors: missing });
      }
      if (input.quantity > item.perMemberLimit) {
        throw new AppError('points_limit_reached', {
          fieldErrors: [{ path: 'quantity', code: 'points_limit_reached', params: { max: item.perMemberLimit } }],
        });
      }
      await account.checkWithdrawPassword(member, input.withdrawPassword);
      const amountPaid = item.amountRequired * BigInt(input.quantity);
      const cashCredited = item.kind === 'cash' ? item.cashValue * BigInt(input.quantity) : 0n;
      if (amountPaid !== cashCredited) await prepareMoney(merchant, member.memberId);
      try {
        const row = await repository.inTransaction(async (client) => {
          const locked = await repository.lockItem(client, merchant.code, item.id);
          if (!locked || !onOffer(locked, now())) throw new AppError('points_item_unavailable');
          if (locked.available < input.quantity) throw new AppError('points_out_of_stock');
          const held = await repository.redeemedBy(client, locked.id, member.memberId);
          if (held + input.quantity > locked.perMemberLimit) {
            throw new AppError('points_limit_reached', {
              fieldErrors: [
                { path: 'quantity', code: 'points_limit_reached', params: { max: locked.perMemberLimit - held } },
              ],
            });
          }
          const points = locked.pointsRequired * BigInt(input.quantity);
          const redemption = await repository.insertRedemption(client, {
            merchantCode: merchant.code,
            memberId: member.memberId,
            itemId: locked.id,
            requestId: input.requestId,
            reference: newReference(),
            kind: locked.kind,
            itemName:
              locked.names[language] ??
              locked.names[merchant.settings.defaultLanguage] ??
              Object.values(locked.names)[0] ??
              '',
            quantity: input.quantity,
            points,
            amountPaid: locked.amountRequired * BigInt(input.quantity),
            cashCredited: locked.kind === 'cash' ? locked.cashValue * BigInt(input.quantity) : 0n,
            status: locked.kind === 'cash' ? 'approved' : 'in_process',
            address: locked.kind === 'physical' ? (input.address ?? null) : null,
            mobileNum: locked.kind === 'physical' ? (input.mobileNum ?? null) : null,
            remark: null,
          });
          const spent = await repository.applyEntry(client, {
            merchantCode: merchant.code,
            memberId: member.memberId,
            type: 'redeem',
            delta: -points,
            sourceKey: `redeem:${redemption.id}`,
            remark: redemption.reference,
          });
          if (spent.outcome === 'insufficient') throw new AppError('points_insufficient');
          await repository.moveStock(client, locked.id, -input.quantity);
          await moveCash(
            client,
            merchant,
            member.memberId,
            redemption.cashCredited - redemption.amountPaid,
            `points-redeem:${redemption.id}`,
            redemption.reference,
          );
          return redemption;
        });
        if (row.cashCredited !== row.amountPaid) ledger.announceBalanceChange(merchant.code, [member.memberId]);
        return row;
      } catch (error) {
        // The same request raced in from another tab: answer with the one that was applied.
        if ((error as { constraint?: string }).constraint === 'points_redemptions_request') {
          const twin = await repository.findRedemptionByRequest(member.memberId, input.requestId);
          if (twin) return twin;
        }
        throw error;
      }
    },

    // ---------------------------------------------------------------------------------------------------------
    // Back office: each change and its audit row commit together.

    updateRules: async (merchant: MerchantContext, input: PointRulesInput, audit: PointsAudit) => {
      for (const lang of Object.keys(input.rulesText)) {
        if (!merchant.settings.supportedLanguages.includes(lang as LanguageCode)) {
          throw fieldError(`rulesText.${lang}`, 'field_not_allowed');
        }
      }
      const rates = Object.fromEntries(
        pointEarnCategories.map((category) => [category, BigInt(input.rates[category]).toString()]),
      ) as Record<PointEarnCategory, string>;
      const rulesText: Partial<Record<LanguageCode, string>> = {};
      for (const [lang, text] of Object.entries(input.rulesText) as [LanguageCode, string][]) {
        if (text.trim()) rulesText[lang] = text.trim();
      }
      const values = {
        rates,
        convertRatio: BigInt(input.convertRatio),
        buyRatio: BigInt(input.buyRatio),
        rulesText,
      };
      // Buying at more points per unit than converting pays back would mint cash from nothing.
      if (!buyRatioAllowed(values.buyRatio, values.convertRatio)) {
        throw fieldError('buyRatio', 'field_too_large', { max: values.convertRatio.toString() });
      }
      const ratios = (row: { convertRatio: bigint; buyRatio: bigint }) => ({
        convertRatio: row.convertRatio.toString(),
        buyRatio: row.buyRatio.toString(),
      });
      await repository.inTransaction(async (client) => {
        const before = await repository.lockRules(client, merchant.code);
        await repository.saveRules(merchant.code, values, {}, client);
        await audit(client, {
          action: 'points.rules_update',
          target: `merchant:${merchant.code}`,
          details: {
            before: before ? { rates: before.rates, ...ratios(before) } : null,
            after: { rates, ...ratios(values) },
          },
        });
      });
    },

    items: (merchant: MerchantContext) => repository.items(merchant.code),

    createItem: async (merchant: MerchantContext, input: PointItemInput, audit: PointsAudit) => {
      const values = await judgeItem(merchant, input);
      return repository.inTransaction(async (client) => {
        const row = await repository.insertItem(merchant.code, values, client);
        await audit(client, { action: 'points.item_create', target: `item:${row.id}`, details: { after: input } });
        return row;
      });
    },

    updateItem: async (merchant: MerchantContext, id: string, input: PointItemInput, audit: PointsAudit) => {
      const values = await judgeItem(merchant, input);
      return repository.inTransaction(async (client) => {
        const before = await repository.lockItem(client, merchant.code, id);
        if (!before) throw new AppError('not_found');
        const redeemed = before.quantity - before.available;
        if (values.quantity < redeemed) throw fieldError('quantity', 'field_too_small', { min: redeemed });
        const row = await repository.updateItem(client, id, values);
        await audit(client, {
          action: 'points.item_update',
          target: `item:${id}`,
          details: {
            before: {
              quantity: before.quantity,
              pointsRequired: before.pointsRequired.toString(),
              names: before.names,
              images: before.images,
              kind: before.kind,
              enabled: before.enabled,
            },
            after: input,
          },
        });
        return row;
      });
    },

    queue: async (merchant: MerchantContext, status: PointRedeemStatus | undefined, pageNo: number) => {
      const { rows, total } = await repository.queue(merchant.code, status, pageOf(pageNo));
      return { rows, pageNo, totalPages: totalPages(total) };
    },

    /**
     * Approves or rejects a redemption in process under its row's lock: one decision wins, a second answers
     * order_state_invalid. A rejection returns the points (keyed by the redemption: once), the stock and any cash
     * the member paid.
     */
    decide: async (
      merchant: MerchantContext,
      id: string,
      input: { approve: boolean; remark: string },
      audit: PointsAudit,
    ) => {
      const peek = await repository.inTransaction((client) => repository.lockRedemption(client, merchant.code, id));
      if (!peek) throw new AppError('not_found');
      if (!input.approve && peek.amountPaid > 0n) await prepareMoney(merchant, peek.memberId);
      const row = await repository.inTransaction(async (client) => {
        const redemption = await repository.lockRedemption(client, merchant.code, id);
        if (!redemption) throw new AppError('not_found');
        if (redemption.status !== 'in_process') throw new AppError('order_state_invalid');
        if (!input.approve) {
          await repository.lockItem(client, merchant.code, redemption.itemId);
          await repository.moveStock(client, redemption.itemId, redemption.quantity);
          await repository.applyEntry(client, {
            merchantCode: merchant.code,
            memberId: redemption.memberId,
            type: 'refund',
            delta: redemption.points,
            sourceKey: `redeem-refund:${redemption.id}`,
            remark: redemption.reference,
          });
          await moveCash(
            client,
            merchant,
            redemption.memberId,
            redemption.amountPaid - redemption.cashCredited,
            `points-redeem-refund:${redemption.id}`,
            redemption.reference,
          );
        }
        const decided = await repository.decideRedemption(
          client,
          redemption.id,
          input.approve ? 'approved' : 'rejected',
          input.remark,
        );
        await audit(client, {
          action: input.approve ? 'points.redemption_approve' : 'points.redemption_reject',
          target: `redemption:${redemption.id}`,
          details: { reference: redemption.reference, memberId: redemption.memberId, remark: input.remark },
        });
        return decided;
      });
      if (!input.approve && row.amountPaid !== row.cashCredited) {
        ledger.announceBalanceChange(merchant.code, [row.memberId]);
      }
      return row;
    },

    usernamesOf: async (memberIds: readonly string[]): Promise<Map<string, string>> => {
      const unique = [...new Set(memberIds)];
      const rows = await Promise.all(unique.map((memberId) => members.findById(memberId)));
      return new Map(rows.flatMap((row) => (row ? [[row.id, row.account] as const] : [])));
    },

    memberPoints: async (merchant: MerchantContext, memberId: string, pageNo: number) => {
      const member = await memberOfMerchant(merchant.code, memberId);
      const [points, entries] = await Promise.all([
        repository.balance(member.id),
        repository.entries(member.id, pageOf(pageNo)),
      ]);
      return {
        memberId: member.id,
        username: member.account,
        points,
        entries: { rows: entries.rows, pageNo, totalPages: totalPages(entries.total) },
      };
    },

    adjust: async (
      merchant: MerchantContext,
      memberId: string,
      input: { requestId: string; points: string; reason: string },
      audit: PointsAudit,
    ) => {
      const member = await memberOfMerchant(merchant.code, memberId);
      const delta = BigInt(input.points);
      await repository.inTransaction(async (client) => {
        const applied = await repository.applyEntry(client, {
          merchantCode: merchant.code,
          memberId: member.id,
          type: 'adjust',
          delta,
          sourceKey: `adjust:${input.requestId}`,
          remark: input.reason,
        });
        if (applied.outcome === 'insufficient') {
          throw new AppError('points_insufficient', { fieldErrors: [{ path: 'points', code: 'points_insufficient' }] });
        }
        if (applied.outcome === 'applied') {
          await audit(client, {
            action: 'points.adjust',
            target: `member:${member.id}`,
            details: { points: delta.toString(), reason: input.reason, balance: applied.balance.toString() },
          });
        }
      });
    },

    /** Members of the merchant whose stored balance is not the sum of their entries (should be none). */
    unreconciled: (merchantCode: string) => repository.unreconciled(merchantCode),

    /** The demo merchant's rules and goods, once (later starts leave operator edits alone). */
    seedDemo: async (merchantCode: string, currency: string) => {
      await repository.saveRules(
        merchantCode,
        {
          rates: { live: '10', lott: '10', pvp: '10', rng: '10', sports: '10', inhouse: '10', deposit: '20' },
          convertRatio: 10n,
          buyRatio: 10n,
          rulesText: {
            EN: 'Earn 10 points for every 100 of valid bets and 20 points for every 100 deposited. Points never expire. 10 points convert to 1.00 in your main wallet.',
          },
        },
        { onlyIfAbsent: true },
      );
      if ((await repository.items(merchantCode)).length > 0) return;
      const exponent = 10n ** BigInt(currencyExponent(currency));
      const goods: PointItemValues[] = [
        {
          kind: 'cash',
          names: { EN: 'Cash voucher 5.00', CN: '5 元现金券' },
          images: {},
          pointsRequired: 50n,
          amountRequired: 0n,
          cashValue: 5n * exponent,
          quantity: 1000,
          perMemberLimit: 20,
          startsAt: null,
          endsAt: null,
          enabled: true,
        },
        {
          kind: 'physical',
          names: { EN: 'Tessera T-shirt', CN: 'Tessera T 恤' },
          images: {},
          pointsRequired: 300n,
          amountRequired: 0n,
          cashValue: 0n,
          quantity: 50,
          perMemberLimit: 2,
          startsAt: null,
          endsAt: null,
          enabled: true,
        },
      ];
      for (const values of goods) await repository.insertItem(merchantCode, values);
    },
  };
};

export type PointsService = ReturnType<typeof createPointsService>;
export type { PointRulesRow };
