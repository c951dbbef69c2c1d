import { randomBytes } from 'node:crypto';
import {
  currencyExponent,
  type DepositStatus,
  type FieldError,
  formatMinor,
  type GatewayCallback,
  PROOF_UPLOAD,
  parseMoney,
} from '@tessera/contracts';
import { AppError, fieldError } from '../../platform/http/app-error';
import { presentProofImage, recodeProofImages } from '../../platform/images/proof-images';
import type { MemberPrincipal, MerchantContext, UploadedFile } from '../../platform/principals';
import type { LedgerService } from '../ledger';
import type { MessagesService } from '../messages';
import type { CashierRepository, DepositRow } from './cashier.repository';
import type { SandboxGatewayClient } from './sandbox-gateway.client';

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newReference = () =>
  Array.from(randomBytes(10), (b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join('');
const PAGE_SIZE = 20;

export const createCashierService = (deps: {
  repository: CashierRepository;
  ledger: LedgerService;
  messages: MessagesService;
  gateway: SandboxGatewayClient;
  /** Where the gateway reaches this server, and where it sends the member back. */
  urls: {
    callbackUrl: (merchantCode: string) => string;
    /** The member site's base URL: the merchant's line on `host` when it is one, else its first. */
    siteBase: (merchant: MerchantContext, host?: string) => string;
  };
}) => {
  const { repository, ledger, messages, gateway, urls } = deps;

  /** Credits the member once (the ledger key is the order), then marks the order succeeded once. */
  const settleSucceeded = async (order: DepositRow, siteName: string, decidedBy: string | null) => {
    const posted = await ledger.transfer({
      merchantCode: order.merchantCode,
      currency: order.currency,
      type: 'deposit',
      idempotencyKey: `deposit:${order.id}`,
      reference: order.reference,
      metadata: { depositOrderId: order.id, channelId: order.channelId },
      from: { house: 'deposits' },
      to: { member: order.memberId, wallet: 'main' },
      amount: order.amount,
    });
    const done = await repository.transitionDeposit(order.id, ['pending', 'awaiting_review'], {
      status: 'succeeded',
      ledgerTransactionId: posted.transactionId,
      decidedBy,
    });
    await messages.send({
      merchantCode: order.merchantCode,
      memberId: order.memberId,
      type: 'deposit_arrived',
      params: {
        site: siteName,
        currency: order.currency,
        amount: formatMinor(order.amount, order.currency),
        reference: order.reference,
      },
      dedupeKey: `deposit:${order.id}`,
    });
    return { row: done ?? (await repository.findDeposit(order.id)), transitioned: done !== null };
  };

  const settleFailed = async (
    order: DepositRow,
    status: 'failed' | 'expired',
    siteName: string,
    reason: string | null,
    decidedBy: string | null,
  ) => {
    const done = await repository.transitionDeposit(order.id, ['pending', 'awaiting_review'], {
      status,
      reason,
      decidedBy,
    });
    if (done) {
      await messages.send({
        merchantCode: order.merchantCode,
        memberId: order.memberId,
        type: 'deposit_failed',
        params: {
          site: siteName,
          currency: order.currency,
          amount: formatMinor(order.amount, order.currency),
          reference: order.reference,
        },
        dedupeKey: `deposit:${order.id}`,
      });
    }
    return { row: done ?? (await repository.findDeposit(order.id)), transitioned: done !== null };
  };

  /** An order of this merchant, for the desk; another merchant's answers as if it did not exist. */
  const findForMerchant = async (merchant: MerchantContext, id: string): Promise<DepositRow> => {
    const order = await repository.findDeposit(id);
    if (!order || order.merchantCode !== merchant.code) throw new AppError('not_found');
    return order;
  };

  const ownDeposit = async (merchant: MerchantContext, member: MemberPrincipal, id: string) => {
    const order = await repository.findDeposit(id);
    if (!order || order.merchantCode !== merchant.code || order.memberId !== member.memberId)
      throw new AppError('not_found');
    return order;
  };

  return {
    /**
     * Members' credited deposits in a currency, each with the moment its total first reached `reaching` (what a
     * referred friend's qualification is judged by, decision 0044).
     */
    creditedTotals: repository.creditedTotals,

    /** A member's credited deposits in `currency` so far (minor units): what the VIP programme counts. */
    creditedDepositTotal: repository.creditedDepositTotal,
    /** The kind of payment channel a deposit came through (a promotion's channel eligibility), null if unknown. */
    depositChannelKind: async (depositId: string): Promise<string | null> => {
      const order = await repository.findDeposit(depositId);
      if (!order) return null;
      return (await repository.findChannel(order.merchantCode, order.channelId))?.kind ?? null;
    },
    listChannels: (merchant: MerchantContext) => repository.listChannels(merchant.code, true),
    listChannelsAll: (merchant: MerchantContext) => repository.listChannels(merchant.code, false),

    /**
     * Opens a deposit order. With a requestId, a retry answers the order the first attempt opened (and finishes a
     * gateway order the first attempt left without its payment); the same id with another channel or amount answers
     * idempotency_conflict.
     */
    createDeposit: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      input: { channelId: string; amount: string; payerNote?: string | undefined; requestId?: string | undefined },
      /** The host the member is on: the gateway sends them back there. */
      host?: string,
    ): Promise<DepositRow> => {
      const channel = await repository.findChannel(merchant.code, input.channelId);
      if (!channel?.enabled) throw fieldError('channelId', 'field_not_allowed');
      const parsed = parseMoney(input.amount, channel.currency);
      const errors: FieldError[] = [];
      if (!parsed.ok) errors.push({ path: 'amount', code: parsed.error });
      else if (parsed.minor < channel.minAmount) {
        errors.push({
          path: 'amount',
          code: 'amount_below_minimum',
          params: { min: formatMinor(channel.minAmount, channel.currency) },
        });
      } else if (parsed.minor > channel.maxAmount) {
        errors.push({
          path: 'amount',
          code: 'amount_above_maximum',
          params: { max: formatMinor(channel.maxAmount, channel.currency) },
        });
      }
      if (channel.kind !== 'gateway' && !input.payerNote) errors.push({ path: 'payerNote', code: 'not_empty' });
      if (errors.length > 0 || !parsed.ok) throw new AppError('validation_failed', { fieldErrors: errors });

      const retried = async (): Promise<DepositRow | null> => {
        if (!input.requestId) return null;
        const previous = await repository.findDepositByRequest(member.memberId, input.requestId);
        if (previous && (previous.channelId !== channel.id || previous.amount !== parsed.minor)) {
          throw new AppError('idempotency_conflict');
        }
        return previous;
      };
      const previous = await retried();
      const opened = previous
        ? null
        : await repository.insertDeposit({
            merchantCode: merchant.code,
            memberId: member.memberId,
            channelId: channel.id,
            reference: newReference(),
            amount: parsed.minor,
            currency: channel.currency,
            status: channel.kind === 'gateway' ? 'pending' : 'awaiting_review',
            payerNote: input.payerNote ?? null,
            requestId: input.requestId ?? null,
          });
      // Two attempts with one requestId at once: the one that lost the insert answers the winner's order.
      const order = previous ?? opened ?? (await retried());
      if (!order) throw new AppError('conflict');
      if (channel.kind !== 'gateway' || order.status !== 'pending' || order.payUrl) return order;
      try {
        const payment = await gateway.createPayment({
          merchantOrderId: order.reference,
          amount: order.amount,
          currency: order.currency,
          // The gateway takes at most 200 characters of description.
          description: `${merchant.settings.name.slice(0, 150)} deposit ${order.reference}`,
          callbackUrl: urls.callbackUrl(merchant.code),
          returnUrl: `${urls.siteBase(merchant, host)}member?page=depositv2&order=${order.id}`,
        });
        const updated = await repository.transitionDeposit(order.id, ['pending'], {
          status: 'pending',
          gatewayPaymentId: payment.paymentId,
          payUrl: payment.payUrl,
        });
        return updated ?? order;
      } catch (error) {
        // The gateway never saw a payment: the order cannot be paid, so it fails now instead of hanging. A retry
        // leaves that to the attempt that opened the order (it may still be talking to the gateway); unpaid, it expires.
        if (!opened) throw error;
        await repository.transitionDeposit(order.id, ['pending'], {
          status: 'failed',
          reason: 'payment_gateway_unavailable',
        });
        throw error;
      }
    },

    /** A member's own order; another member's answers as if it did not exist. */
    getDeposit: (merchant: MerchantContext, member: MemberPrincipal, id: string) => ownDeposit(merchant, member, id),

    /**
     * The member's proof of a bank transfer: up to 3 images in all on an order that still awaits review, each
     * checked by its bytes and re-encoded before anything is stored. Another member's order is not found; a
     * gateway or crypto order, or one already decided, is `order_state_invalid`; nothing is stored on a refusal.
     */
    attachDepositProofs: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      id: string,
      files: readonly UploadedFile[],
    ): Promise<DepositRow> => {
      const order = await ownDeposit(merchant, member, id);
      const channel = await repository.findChannel(merchant.code, order.channelId);
      if (channel?.kind !== 'bank_transfer' || order.status !== 'awaiting_review') {
        throw new AppError('order_state_invalid');
      }
      if (files.length === 0) {
        throw new AppError('proof_required', { fieldErrors: [{ path: 'proofs', code: 'proof_required' }] });
      }
      const proofs = recodeProofImages(files, await repository.proofCount(order.id));
      const outcome = await repository.attachProofs(order.id, member.memberId, proofs, PROOF_UPLOAD.maxFiles);
      if (outcome !== 'attached') throw new AppError(outcome);
      return order;
    },

    /** One proof image of an order (whose ownership the caller has checked). */
    depositProof: async (depositId: string, proofId: string) => {
      const proof = await repository.findProof(depositId, proofId);
      if (!proof) throw new AppError('not_found');
      return presentProofImage(proof);
    },

    proofIds: (depositIds: readonly string[]) => repository.proofIds(depositIds),

    findForMerchant,

    listDeposits: async (merchant: MerchantContext, member: MemberPrincipal, pageNo: number) => {
      const { rows, total } = await repository.listDeposits({
        merchantCode: merchant.code,
        memberId: member.memberId,
        offset: (pageNo - 1) * PAGE_SIZE,
        limit: PAGE_SIZE,
      });
      return { rows, totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
    },

    /**
     * A verified gateway callback. Idempotent: a repeat after settlement answers "ok" and changes nothing.
     * Amount, currency or order that do not match refuse the callback and change nothing.
     */
    handleGatewayCallback: async (
      callback: GatewayCallback,
      merchantOf: (code: string) => Promise<MerchantContext>,
      merchantCode: string,
    ): Promise<{ outcome: 'settled' | 'already_settled' }> => {
      const order = await repository.findDepositByReference(merchantCode, callback.merchantOrderId);
      if (!order || order.gatewayPaymentId !== callback.paymentId) throw new AppError('not_found');
      if (order.amount.toString() !== callback.amount || order.currency !== callback.currency) {
        throw new AppError('validation_failed', { fieldErrors: [{ path: 'amount', code: 'field_invalid' }] });
      }
      const finalStatuses: readonly DepositStatus[] = ['succeeded', 'failed', 'expired'];
      if (finalStatuses.includes(order.status)) {
        const same = order.status === callback.status;
        if (!same) throw new AppError('order_state_invalid');
        return { outcome: 'already_settled' };
      }
      const merchant = await merchantOf(order.merchantCode);
      if (callback.status === 'succeeded') await settleSucceeded(order, merchant.settings.name, null);
      else await settleFailed(order, callback.status, merchant.settings.name, `gateway_${callback.status}`, null);
      return { outcome: 'settled' };
    },

    /** Operators settle manual deposits (bank transfer, crypto). */
    decideDeposit: async (
      merchant: MerchantContext,
      id: string,
      decision: { approve: boolean; reason: string | null; operatorId: string },
    ): Promise<DepositRow> => {
      await findForMerchant(merchant, id);
      // Claim before any money moves: an approval and a rejection racing cannot both act.
      const order = await repository.claimDeposit(id, decision.operatorId);
      if (!order) throw new AppError('order_state_invalid');
      const settled = decision.approve
        ? await settleSucceeded(order, merchant.settings.name, decision.operatorId)
        : await settleFailed(order, 'failed', merchant.settings.name, decision.reason, decision.operatorId);
      // Two operators deciding at once: the ledger credits once either way; only the one who moved the order wins.
      if (!settled.transitioned || !settled.row) throw new AppError('order_state_invalid');
      return settled.row;
    },

    listQueue: (merchantCode: string, statuses: readonly DepositStatus[], pageNo: number, pageSize: number) =>
      repository.listDeposits({ merchantCode, statuses, offset: (pageNo - 1) * pageSize, limit: pageSize }),

    /** The demo merchant's channels, created when absent. */
    ensureDemoChannels: async (merchantCode: string, currency: string) => {
      const unit = 10n ** BigInt(currencyExponent(currency));
      const cents = (major: number) => BigInt(major) * unit;
      await repository.insertChannelIfAbsent({
        merchantCode,
        kind: 'gateway',
        name: 'Card (sandbox gateway)',
        currency,
        minAmount: cents(10),
        maxAmount: cents(10_000),
        config: { gateway: 'sandbox' },
        sort: 1,
      });
      await repository.insertChannelIfAbsent({
        merchantCode,
        kind: 'bank_transfer',
        name: 'Bank transfer',
        currency,
        minAmount: cents(50),
        maxAmount: cents(50_000),
        config: {
          bank: { bankName: 'Tessera Demo Bank', accountName: 'Tessera Demo Ltd', accountNumber: '0123-456789-001' },
        },
        sort: 2,
      });
      await repository.insertChannelIfAbsent({
        merchantCode,
        kind: 'crypto',
        name: 'USDT (TRC-20)',
        currency,
        minAmount: cents(20),
        maxAmount: cents(100_000),
        config: { crypto: { network: 'TRC-20', address: 'TDemoTesseraAddressForSandboxUseOnly01' } },
        sort: 3,
      });
    },
  };
};

export type CashierService = ReturnType<typeof createCashierService>;
