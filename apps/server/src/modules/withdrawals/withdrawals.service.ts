import { randomBytes } from 'node:crypto';
import {
  type FieldError,
  formatMinor,
  type PayoutMethodInput,
  parseMoney,
  startOfZonedDay,
  type WithdrawalAction,
  type WithdrawalStatus,
} from '@tessera/contracts';
import { AppError, fieldError } from '../../platform/http/app-error';
import { presentProofImage, recodeProofImages } from '../../platform/images/proof-images';
import type { MemberPrincipal, MerchantContext, UploadedFile } from '../../platform/principals';

import type { AccountService } from '../account';
import type { LedgerService } from '../ledger';
import type { MessagesService } from '../messages';
import { describePayoutMethod } from './withdrawals.presenter';
import type { WithdrawalRow, WithdrawalsRepository } from './withdrawals.repository';

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newReference = () =>
  `W${Array.from(randomBytes(9), (b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join('')}`;
const PAGE_SIZE = 20;
const MAX_METHODS = 10;
/** An in-between state older than this was left by a process that died; the job finishes it. */
export const STUCK_AFTER_MS = 60_000;

const holdKey = (id: string) => `withdrawal:${id}`;
const captureKey = (id: string) => `withdrawal-payout:${id}`;

/** A check before a withdrawal holds money; throws an AppError to refuse it. */
export type WithdrawalGuard = (
  merchant: MerchantContext,
  member: MemberPrincipal,
  options: { forfeitBonus: boolean; amount: bigint },
) => Promise<void>;

export const createWithdrawalsService = (deps: {
  repository: WithdrawalsRepository;
  ledger: LedgerService;
  messages: MessagesService;
  account: AccountService;
  merchantOf: (code: string) => Promise<MerchantContext>;
  /**
   * Checks a later module adds (the bonus wallet, decision 0081), run after the password and before anything is
   * held; one throws to refuse. `forfeitBonus`: the member confirmed giving up open bonuses.
   */
  guards?: readonly WithdrawalGuard[];
}) => {
  const { repository, ledger, messages, account, merchantOf, guards = [] } = deps;

  /**
   * Holds the funds and makes the order pending, in one transaction with the order's row locked: either both
   * happen or neither. Refused (insufficient funds): the order is forgotten. Not opening any more: a twin request
   * opened it (answer with it), or the job cleared it as stalled (`conflict`: nothing was held, send it again).
   */
  const finishOpening = async (order: WithdrawalRow): Promise<WithdrawalRow> => {
    const wallet = { member: order.memberId, wallet: 'main' } as const;
    await ledger.prepare({ merchantCode: order.merchantCode, currency: order.currency, accounts: [wallet] });
    let opened: { result: unknown } | null;
    try {
      opened = await repository.withOpeningLocked(order.id, async (client) => {
        const hold = await ledger.hold(
          {
            merchantCode: order.merchantCode,
            currency: order.currency,
            idempotencyKey: holdKey(order.id),
            account: wallet,
            amount: order.amount,
            reference: order.reference,
          },
          client,
        );
        await repository.markPending(client, order.id, hold.holdId);
      });
    } catch (error) {
      await repository.deleteOpening(order.id);
      if (error instanceof AppError && error.code === 'insufficient_funds') {
        throw new AppError('insufficient_funds', { fieldErrors: [{ path: 'amount', code: 'insufficient_funds' }] });
      }
      throw error;
    }
    if (opened) ledger.announceBalanceChange(order.merchantCode, [order.memberId]);
    const current = await repository.findById(order.id);
    if (!current || current.status === 'opening') throw new AppError('conflict');
    return current;
  };

  /** Pays out exactly once: the capture is keyed by the order, so a repeat after a crash replays it. */
  const finishDisbursing = async (order: WithdrawalRow): Promise<WithdrawalRow | null> => {
    if (order.holdId === null) throw new Error(`withdrawal ${order.id} has no hold`);
    const captured = await ledger.capture({
      merchantCode: order.merchantCode,
      currency: order.currency,
      holdId: order.holdId,
      to: { house: 'withdrawals' },
      type: 'withdrawal',
      idempotencyKey: captureKey(order.id),
      reference: order.reference,
      metadata: { withdrawalId: order.id },
    });
    const merchant = await merchantOf(order.merchantCode);
    const minutes = merchant.settings.withdrawal.autoConfirmMinutes;
    const done = await repository.transition(order.id, ['disbursing'], {
      status: 'disbursed',
      ledgerTransactionId: captured.transactionId,
      disbursedAt: new Date(),
      autoConfirmAt: new Date(Date.now() + minutes * 60_000),
    });
    await messages.send({
      merchantCode: order.merchantCode,
      memberId: order.memberId,
      type: 'withdrawal_approved',
      params: {
        site: merchant.settings.name,
        currency: order.currency,
        amount: formatMinor(order.amount, order.currency),
        reference: order.reference,
      },
      dedupeKey: `withdrawal:${order.id}`,
    });
    return done;
  };

  /**
   * Releases the hold exactly once (the ledger refuses a second settlement), then records the outcome: an
   * operator's rejection (`rejecting` → `rejected`, with a message to the member) or the member's own cancellation
   * (`cancelling` → `cancelled`, announced as `withdrawal.cancelled` by the orders' trigger, migration 0045). One
   * path for both, and for the job that heals either after a crash.
   */
  const finishReleasing = async (order: WithdrawalRow): Promise<WithdrawalRow | null> => {
    if (order.holdId !== null) {
      try {
        await ledger.void({ merchantCode: order.merchantCode, holdId: order.holdId });
      } catch (error) {
        // Voided before a crash: the ledger says the hold is settled; any other settlement would be a capture,
        // which only a disbursing order makes, and this order was claimed for release instead.
        if (!(error instanceof AppError && error.code === 'hold_already_settled')) throw error;
      }
    }
    if (order.status === 'cancelling') {
      const done = await repository.transition(order.id, ['cancelling'], { status: 'cancelled' });
      ledger.announceBalanceChange(order.merchantCode, [order.memberId]);
      return done;
    }
    const done = await repository.transition(order.id, ['rejecting'], { status: 'rejected' });
    const merchant = await merchantOf(order.merchantCode);
    await messages.send({
      merchantCode: order.merchantCode,
      memberId: order.memberId,
      type: 'withdrawal_rejected',
      params: {
        site: merchant.settings.name,
        currency: order.currency,
        amount: formatMinor(order.amount, order.currency),
        reference: order.reference,
        reason: order.reason ?? '',
      },
      dedupeKey: `withdrawal:${order.id}`,
    });
    return done;
  };

  const ownOrder = async (merchant: MerchantContext, member: MemberPrincipal, id: string) => {
    const order = await repository.findById(id);
    if (
      !order ||
      order.merchantCode !== merchant.code ||
      order.memberId !== member.memberId ||
      order.status === 'opening'
    )
      throw new AppError('not_found');
    return order;
  };

  const methodLimits = (merchant: MerchantContext) => {
    const { currency } = merchant.settings;
    return merchant.settings.withdrawal.methods.flatMap((m) => {
      const min = parseMoney(m.minAmount, currency);
      const max = parseMoney(m.maxAmount, currency);
      return min.ok && max.ok ? [{ kind: m.kind, min: min.minor, max: max.minor }] : [];
    });
  };

  return {
    options: async (merchant: MerchantContext, member: MemberPrincipal) => {
      const { currency, withdrawal, timeZone } = merchant.settings;
      const [balance, today, hasPassword] = await Promise.all([
        ledger.balance({ merchantCode: merchant.code, currency, account: { member: member.memberId, wallet: 'main' } }),
        repository.list({ merchantCode: merchant.code, memberId: member.memberId, offset: 0, limit: 1000 }),
        account.hasWithdrawPassword(member),
      ]);
      const dayStart = startOfZonedDay(timeZone);
      const openedToday = today.rows.filter((row) => row.createdAt >= dayStart && row.status !== 'rejected').length;
      return {
        currency,
        hasWithdrawPassword: hasPassword,
        available: formatMinor(balance.available, currency),
        methods: methodLimits(merchant).map((m) => ({
          kind: m.kind,
          minAmount: formatMinor(m.min, currency),
          maxAmount: formatMinor(m.max, currency),
        })),
        dailyCount: withdrawal.dailyCount,
        remainingToday: Math.max(0, withdrawal.dailyCount - openedToday),
        autoConfirmMinutes: withdrawal.autoConfirmMinutes,
      };
    },

    listMethods: (member: MemberPrincipal) => repository.listMethods(member.memberId),

    addMethod: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      input: { method: PayoutMethodInput; withdrawPassword: string },
    ) => {
      if (!methodLimits(merchant).some((m) => m.kind === input.method.kind))
        throw fieldError('method.kind', 'field_not_allowed');
      await account.checkWithdrawPassword(member, input.withdrawPassword);
      const { kind, ...details } = input.method;
      const described = describePayoutMethod(input.method);
      const row = await repository.insertMethod(
        {
          merchantCode: merchant.code,
          memberId: member.memberId,
          kind,
          details: Object.fromEntries(Object.entries(details).filter(([, v]) => v !== undefined)) as Record<
            string,
            string
          >,
          display: described.display,
          holderName: described.holderName,
        },
        MAX_METHODS,
      );
      if (!row) throw new AppError('payout_method_limit');
      return row;
    },

    removeMethod: async (member: MemberPrincipal, id: string) => {
      if (!(await repository.removeMethod(member.memberId, id))) throw new AppError('not_found');
    },

    /**
     * Opens a withdrawal: the order row (`opening`), then the ledger hold keyed by the order, then `pending`.
     * A retry with the same requestId finds the order and finishes what a crash interrupted.
     */
    submit: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      input: {
        requestId: string;
        payoutMethodId: string;
        amount: string;
        withdrawPassword: string;
        forfeitBonus?: boolean;
      },
    ): Promise<WithdrawalRow> => {
      const previous = await repository.findByRequest(member.memberId, input.requestId);
      if (previous) return previous.status === 'opening' ? finishOpening(previous) : previous;

      const { currency, withdrawal, timeZone } = merchant.settings;
      const method = await repository.findMethod(member.memberId, input.payoutMethodId);
      const limits = method ? methodLimits(merchant).find((m) => m.kind === method.kind) : undefined;
      const parsed = parseMoney(input.amount, currency);
      const errors: FieldError[] = [];
      if (!method || !limits) errors.push({ path: 'payoutMethodId', code: 'field_not_allowed' });
      if (!parsed.ok) errors.push({ path: 'amount', code: parsed.error });
      else if (limits && parsed.minor < limits.min)
        errors.push({
          path: 'amount',
          code: 'amount_below_minimum',
          params: { min: formatMinor(limits.min, currency) },
        });
      else if (limits && parsed.minor > limits.max)
        errors.push({
          path: 'amount',
          code: 'amount_above_maximum',
          params: { max: formatMinor(limits.max, currency) },
        });
      if (errors.length > 0 || !parsed.ok || !method) throw new AppError('validation_failed', { fieldErrors: errors });
      await account.checkWithdrawPassword(member, input.withdrawPassword);
      for (const guard of guards) {
        await guard(merchant, member, { forfeitBonus: input.forfeitBonus === true, amount: parsed.minor });
      }

      const available = await ledger.balance({
        merchantCode: merchant.code,
        currency,
        account: { member: member.memberId, wallet: 'main' },
      });
      if (available.available < parsed.minor)
        throw new AppError('insufficient_funds', { fieldErrors: [{ path: 'amount', code: 'insufficient_funds' }] });

      const inserted = await repository.insertOpening(
        {
          merchantCode: merchant.code,
          memberId: member.memberId,
          requestId: input.requestId,
          reference: newReference(),
          payoutMethodId: method.id,
          payoutKind: method.kind,
          payoutDisplay: method.display,
          payoutDetails: method.details,
          amount: parsed.minor,
          currency,
          status: 'opening',
        },
        { dayStart: startOfZonedDay(timeZone), dailyCount: withdrawal.dailyCount },
      );
      if (inserted === 'over_limit') throw new AppError('withdrawal_daily_limit');
      if (inserted === 'duplicate') {
        // The same requestId raced in from another tab or retry: answer with that order.
        const twin = await repository.findByRequest(member.memberId, input.requestId);
        if (!twin) throw new AppError('conflict');
        return twin.status === 'opening' ? finishOpening(twin) : twin;
      }
      return finishOpening(inserted);
    },

    get: ownOrder,

    list: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      status: WithdrawalStatus | undefined,
      pageNo: number,
    ) => {
      const { rows, total } = await repository.list({
        merchantCode: merchant.code,
        memberId: member.memberId,
        ...(status ? { status } : {}),
        offset: (pageNo - 1) * PAGE_SIZE,
        limit: PAGE_SIZE,
      });
      return { rows, totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
    },

    awaitingConfirmation: async (merchant: MerchantContext, member: MemberPrincipal) =>
      (
        await repository.list({
          merchantCode: merchant.code,
          memberId: member.memberId,
          status: 'disbursed',
          offset: 0,
          limit: 100,
          oldestFirst: true,
        })
      ).rows,

    /**
     * The member's word on a payout: received, partially received (with the amount) or not received (with at
     * least one proof). Proofs are checked by their bytes and re-encoded before anything is stored; a refused
     * upload stores nothing and leaves the order as it was.
     */
    confirm: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      id: string,
      input: {
        outcome: 'received' | 'partially_received' | 'not_received';
        amountReceived?: string | undefined;
        remark?: string | undefined;
      },
      files: readonly UploadedFile[],
    ): Promise<WithdrawalRow> => {
      const order = await ownOrder(merchant, member, id);
      if (order.status !== 'disbursed') throw new AppError('order_state_invalid');
      let amountReceived: bigint | null = null;
      if (input.outcome === 'partially_received') {
        const parsed = parseMoney(input.amountReceived ?? '', order.currency);
        if (!parsed.ok) throw fieldError('amountReceived', parsed.error);
        if (parsed.minor >= order.amount)
          throw fieldError('amountReceived', 'amount_above_maximum', {
            max: formatMinor(order.amount, order.currency),
          });
        amountReceived = parsed.minor;
      }
      if (input.outcome === 'not_received' && files.length === 0)
        throw new AppError('proof_required', { fieldErrors: [{ path: 'proofs', code: 'proof_required' }] });
      const proofs = recodeProofImages(files);
      const done = await repository.confirm(
        order.id,
        member.memberId,
        {
          status: input.outcome === 'received' ? 'completed' : 'disputed',
          outcome: input.outcome,
          amountReceived,
          remark: input.remark ?? null,
        },
        proofs,
      );
      if (!done) throw new AppError('order_state_invalid');
      return done;
    },

    /**
     * The member cancels its own withdrawal while it is pending. The order is claimed by the same conditional
     * update an operator's approval or rejection makes (`pending` → `cancelling`), so of a cancellation and an
     * approval racing exactly one wins; the hold is then released by the rejection's own path. Idempotent: a
     * repeat answers with the cancelled order (or finishes a cancellation a crash cut short).
     */
    cancel: async (merchant: MerchantContext, member: MemberPrincipal, id: string): Promise<WithdrawalRow> => {
      await ownOrder(merchant, member, id);
      const claimed = await repository.transition(id, ['pending'], { status: 'cancelling' });
      const current = claimed ?? (await repository.findById(id));
      if (current?.status === 'cancelling') {
        const done = await finishReleasing(current);
        if (done) return done;
        const after = await repository.findById(id);
        if (after?.status === 'cancelled') return after;
      }
      if (current?.status === 'cancelled') return current;
      throw new AppError('withdrawal_not_cancellable');
    },

    proof: async (withdrawalId: string, proofId: string) => {
      const proof = await repository.findProof(withdrawalId, proofId);
      if (!proof) throw new AppError('not_found');
      return presentProofImage(proof);
    },

    proofIds: (ids: readonly string[]) => repository.proofIds(ids),

    /** The desk's queue. Filtered by status: oldest first (work order); otherwise newest first. */
    queue: (merchantCode: string, status: WithdrawalStatus | undefined, pageNo: number, pageSize: number) =>
      repository.list({
        merchantCode,
        ...(status ? { status, oldestFirst: true } : {}),
        offset: (pageNo - 1) * pageSize,
        limit: pageSize,
      }),

    findForMerchant: async (merchantCode: string, id: string) => {
      const order = await repository.findById(id);
      if (!order || order.merchantCode !== merchantCode || order.status === 'opening') throw new AppError('not_found');
      return order;
    },

    /**
     * An operator's decision. Each claims the order with a conditional update before any money moves, so two
     * decisions racing cannot both act: approve (pending → approved), disburse (approved → disbursing → disbursed,
     * capturing the hold), reject (pending or approved → rejecting → rejected, voiding the hold).
     */
    decide: async (
      merchantCode: string,
      id: string,
      decision: { action: WithdrawalAction; reason: string | null; operatorId: string },
    ): Promise<WithdrawalRow> => {
      const existing = await repository.findById(id);
      if (!existing || existing.merchantCode !== merchantCode || existing.status === 'opening')
        throw new AppError('not_found');
      if (decision.action === 'approve') {
        const approved = await repository.transition(id, ['pending'], {
          status: 'approved',
          decidedBy: decision.operatorId,
          approvedAt: new Date(),
        });
        if (!approved) throw new AppError('order_state_invalid');
        return approved;
      }
      if (decision.action === 'disburse') {
        const claimed = await repository.transition(id, ['approved'], {
          status: 'disbursing',
          decidedBy: decision.operatorId,
        });
        if (!claimed) throw new AppError('order_state_invalid');
        const done = await finishDisbursing(claimed);
        if (!done) throw new AppError('order_state_invalid');
        return done;
      }
      const claimed = await repository.transition(id, ['pending', 'approved'], {
        status: 'rejecting',
        decidedBy: decision.operatorId,
        reason: decision.reason,
      });
      if (!claimed) throw new AppError('order_state_invalid');
      const done = await finishReleasing(claimed);
      if (!done) throw new AppError('order_state_invalid');
      return done;
    },

    /**
     * The withdrawal job, run every few seconds by every server process: counts unconfirmed payouts past their
     * window as received (one conditional UPDATE, so processes never double-apply), and finishes orders a dead
     * process left in an in-between state (each step is idempotent by its ledger key).
     */
    runDue: async (now: Date = new Date()) => {
      const autoConfirmed = await repository.autoConfirmDue(now);
      let healed = 0;
      for (const order of await repository.stuck(STUCK_AFTER_MS)) {
        try {
          if (order.status === 'opening') {
            // A stalled submission never held funds (the hold and the move to pending commit together): forget
            // it, under the row lock that its own request takes to hold, so the two never cross. An order a live
            // request is holding right now is skipped. (A hold with the order still opening can only be one an
            // older version left: finish that order.)
            await repository.withOpeningLocked(
              order.id,
              async (client) => {
                const hold = await ledger.findHold(order.merchantCode, holdKey(order.id));
                if (hold) await repository.markPending(client, order.id, hold.holdId);
                else await repository.forgetOpening(client, order.id);
              },
              { skipLocked: true },
            );
          } else if (order.status === 'disbursing') await finishDisbursing(order);
          else if (order.status === 'rejecting' || order.status === 'cancelling') await finishReleasing(order);
          healed += 1;
        } catch {
          // Left for the next run; the state is unchanged.
        }
      }
      return { autoConfirmed: autoConfirmed.length, healed };
    },
  };
};

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
