import { adminCashierEndpoints, adminEndpoints } from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { Registrar } from '../../platform/http/registrar';
import { type CashierService, presentDeposit, presentDeposits } from '../cashier';
import type { MembersService } from '../members';
import type { MerchantsService } from '../merchants';
import type { WalletMovesService } from '../wallet';
import { presentWithdrawal, type WithdrawalRow, type WithdrawalsService } from '../withdrawals';
import { createAdminScope } from './admin.scope';
import type { AdminService } from './admin.service';

const RECENT_ACTIVITY = 10;

/** The cashier desk: only finance and owners move money, and every decision is audited. */
export const registerAdminCashierRoutes = (
  r: Registrar,
  deps: {
    admin: AdminService;
    cashier: CashierService;
    withdrawals: WithdrawalsService;
    wallet: WalletMovesService;
    merchants: MerchantsService;
    members: MembersService;
  },
): void => {
  const { admin, cashier, withdrawals, wallet, members } = deps;

  const { memberOf } = createAdminScope({ members });

  const presentForDesk = async (rows: WithdrawalRow[]) => {
    const proofs = await withdrawals.proofIds(rows.map((row) => row.id));
    return Promise.all(
      rows.map(async (row) => ({
        ...presentWithdrawal(row, proofs.get(row.id)),
        memberId: row.memberId,
        account: (await members.findById(row.memberId))?.account ?? null,
        payout: { kind: row.payoutKind, ...row.payoutDetails },
        decidedBy: row.decidedBy,
        approvedAt: row.approvedAt?.toISOString() ?? null,
      })),
    );
  };

  r.admin(adminEndpoints.listDeposits, async ({ input, ctx }) => {
    const { merchant } = ctx;
    const statuses = input.status
      ? [input.status]
      : (['pending', 'awaiting_review', 'succeeded', 'failed', 'expired'] as const);
    const { rows, total } = await cashier.listQueue(merchant.code, statuses, input.pageNo, input.pageSize);
    const presented = await presentDeposits(cashier, merchant, rows);
    const list = await Promise.all(
      rows.map(async (row, at) => ({
        ...(presented[at] ?? presentDeposit(row, 'gateway')),
        memberId: row.memberId,
        account: (await members.findById(row.memberId))?.account ?? null,
      })),
    );
    return { list, pageNo: input.pageNo, totalPages: Math.max(1, Math.ceil(total / input.pageSize)) };
  });

  r.admin(adminEndpoints.decideDeposit, async ({ params, input, ctx }) => {
    const { merchant } = ctx;
    const order = await cashier.decideDeposit(merchant, params.id, {
      approve: input.approve,
      reason: input.reason ?? null,
      operatorId: ctx.operator.operatorId,
    });
    await admin.audit(
      { operator: ctx.operator, caller: ctx },
      {
        action: input.approve ? 'deposit.approve' : 'deposit.reject',
        target: order.reference,
        merchantCode: merchant.code,
        details: {
          depositOrderId: order.id,
          amount: order.amount.toString(),
          currency: order.currency,
          reason: input.reason ?? null,
        },
      },
    );
    const [presented] = await presentDeposits(cashier, merchant, [order]);
    return presented ?? presentDeposit(order, 'gateway');
  });

  r.admin(adminEndpoints.depositProof, async ({ params, ctx }) => {
    const { merchant } = ctx;
    const order = await cashier.findForMerchant(merchant, params.id);
    return cashier.depositProof(order.id, params.proofId);
  });

  r.admin(adminCashierEndpoints.listWithdrawals, async ({ input, ctx }) => {
    const { merchant } = ctx;
    const { rows, total } = await withdrawals.queue(merchant.code, input.status, input.pageNo, input.pageSize);
    return {
      list: await presentForDesk(rows),
      pageNo: input.pageNo,
      totalPages: Math.max(1, Math.ceil(total / input.pageSize)),
    };
  });

  r.admin(adminCashierEndpoints.getWithdrawal, async ({ params, ctx }) => {
    const { merchant } = ctx;
    const order = await withdrawals.findForMerchant(merchant.code, params.id);
    const [[presented], activity, balances, deposits, payouts] = await Promise.all([
      presentForDesk([order]),
      wallet.transactions(merchant, order.memberId, { pageNo: 1, pageSize: RECENT_ACTIVITY }),
      wallet.wallets(merchant, order.memberId),
      wallet.memberTotal(merchant, order.memberId, 'deposit'),
      wallet.memberTotal(merchant, order.memberId, 'withdrawal'),
    ]);
    if (!presented) throw new AppError('not_found');
    return {
      ...presented,
      recentActivity: activity.list,
      balances: balances.wallets,
      totals: { deposits, withdrawals: payouts },
    };
  });

  r.admin(adminCashierEndpoints.decideWithdrawal, async ({ params, input, ctx }) => {
    const { merchant } = ctx;
    const order = await withdrawals.decide(merchant.code, params.id, {
      action: input.action,
      reason: input.reason ?? null,
      operatorId: ctx.operator.operatorId,
    });
    await admin.audit(
      { operator: ctx.operator, caller: ctx },
      {
        action:
          input.action === 'approve'
            ? 'withdrawal.approve'
            : input.action === 'disburse'
              ? 'withdrawal.disburse'
              : 'withdrawal.reject',
        target: order.reference,
        merchantCode: merchant.code,
        details: {
          withdrawalId: order.id,
          memberId: order.memberId,
          amount: order.amount.toString(),
          currency: order.currency,
          reason: input.reason ?? null,
        },
      },
    );
    const [presented] = await presentForDesk([order]);
    if (!presented) throw new AppError('not_found');
    return presented;
  });

  r.admin(adminCashierEndpoints.withdrawalProof, async ({ params, ctx }) => {
    const { merchant } = ctx;
    const order = await withdrawals.findForMerchant(merchant.code, params.id);
    return withdrawals.proof(order.id, params.proofId);
  });

  r.admin(adminCashierEndpoints.memberWallet, async ({ params, input, ctx }) => {
    const { merchant } = ctx;
    const member = await memberOf(merchant.code, params.memberId);
    const [balances, page] = await Promise.all([
      wallet.wallets(merchant, member.id),
      wallet.transactions(merchant, member.id, { type: input.type, pageNo: input.pageNo, pageSize: input.pageSize }),
    ]);
    return {
      memberId: member.id,
      account: member.account,
      currency: balances.currency,
      balances: balances.wallets,
      list: page.list,
      pageNo: page.pageNo,
      totalPages: page.totalPages,
    };
  });

  r.admin(adminCashierEndpoints.adjustBalance, async ({ params, input, ctx }) => {
    const { merchant } = ctx;
    const member = await memberOf(merchant.code, params.memberId);
    const { entry, replayed } = await wallet.adjust(merchant, member.id, {
      ...input,
      operatorId: ctx.operator.operatorId,
    });
    if (!replayed) {
      await admin.audit(
        { operator: ctx.operator, caller: ctx },
        {
          action: 'wallet.adjust',
          target: member.account,
          merchantCode: merchant.code,
          details: {
            memberId: member.id,
            direction: input.direction,
            amount: entry.amount,
            currency: entry.currency,
            reason: input.reason,
            transactionId: entry.transactionId,
          },
        },
      );
    }
    return entry;
  });

  r.admin(adminCashierEndpoints.cashReport, async ({ input, ctx }) => {
    const { merchant } = ctx;
    return wallet.cashReport(merchant, input.from, input.to);
  });
};
