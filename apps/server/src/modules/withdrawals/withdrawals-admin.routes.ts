import { adminCashierEndpoints } from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { Registrar } from '../../platform/http/registrar';
import type { AdminService } from '../admin';
import type { MembersService } from '../members';
import type { WalletMovesService } from '../wallet';
import { presentWithdrawal } from './withdrawals.presenter';
import type { WithdrawalRow } from './withdrawals.repository';
import type { WithdrawalsService } from './withdrawals.service';

const RECENT_ACTIVITY = 10;

/** The cashier desk's withdrawals: only finance and owners decide them, and every decision is audited. */
export const registerWithdrawalsAdminRoutes = (
  r: Registrar,
  deps: { admin: AdminService; withdrawals: WithdrawalsService; wallet: WalletMovesService; members: MembersService },
): void => {
  const { admin, withdrawals, wallet, members } = deps;

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
};
