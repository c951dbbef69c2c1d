import { adminCashierEndpoints } from '@tessera/contracts';
import type { Registrar } from '../../platform/http/registrar';
import type { AdminService } from '../admin';
import type { MembersService } from '../members';
import { presentDeposit, presentDeposits } from './cashier.presenter';
import type { CashierService } from './cashier.service';

/** The cashier desk's deposits: only finance and owners decide them, and every decision is audited. */
export const registerCashierAdminRoutes = (
  r: Registrar,
  deps: { admin: AdminService; cashier: CashierService; members: MembersService },
): void => {
  const { admin, cashier, members } = deps;

  r.admin(adminCashierEndpoints.listDeposits, async ({ input, ctx }) => {
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

  r.admin(adminCashierEndpoints.decideDeposit, async ({ params, input, ctx }) => {
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

  r.admin(adminCashierEndpoints.depositProof, async ({ params, ctx }) => {
    const { merchant } = ctx;
    const order = await cashier.findForMerchant(merchant, params.id);
    return cashier.depositProof(order.id, params.proofId);
  });
};
