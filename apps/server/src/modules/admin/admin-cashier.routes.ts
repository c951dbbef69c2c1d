import { adminEndpoints } from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { Registrar } from '../../platform/http/registrar';
import { type CashierService, presentDeposit } from '../cashier';
import type { MembersService } from '../members';
import type { MerchantsService } from '../merchants';
import { assertCan, assertMerchantInScope } from './admin.policy';
import type { AdminService } from './admin.service';

/** The cashier desk: only finance and owners move money, and every decision is audited. */
export const registerAdminCashierRoutes = (
  r: Registrar,
  deps: { admin: AdminService; cashier: CashierService; merchants: MerchantsService; members: MembersService },
): void => {
  const { admin, cashier, merchants, members } = deps;

  const merchantFor = async (operator: Parameters<typeof assertMerchantInScope>[0], code: string) => {
    assertCan(operator, 'cashier.deposits');
    assertMerchantInScope(operator, code);
    return merchants.resolve({ code, host: '' }).catch(() => {
      throw new AppError('not_found');
    });
  };

  r.admin(adminEndpoints.listDeposits, async ({ params, input, ctx }) => {
    const merchant = await merchantFor(ctx.operator, params.code);
    const statuses = input.status
      ? [input.status]
      : (['pending', 'awaiting_review', 'succeeded', 'failed', 'expired'] as const);
    const { rows, total } = await cashier.listQueue(merchant.code, statuses, input.pageNo, input.pageSize);
    const kinds = new Map((await cashier.listChannelsAll(merchant)).map((channel) => [channel.id, channel.kind]));
    const list = await Promise.all(
      rows.map(async (row) => ({
        ...presentDeposit(row, kinds.get(row.channelId) ?? 'gateway'),
        memberId: row.memberId,
        account: (await members.findById(row.memberId))?.account ?? null,
      })),
    );
    return { list, pageNo: input.pageNo, totalPages: Math.max(1, Math.ceil(total / input.pageSize)) };
  });

  r.admin(adminEndpoints.decideDeposit, async ({ params, input, ctx }) => {
    const merchant = await merchantFor(ctx.operator, params.code);
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
    const kinds = new Map((await cashier.listChannelsAll(merchant)).map((channel) => [channel.id, channel.kind]));
    return presentDeposit(order, kinds.get(order.channelId) ?? 'gateway');
  });
};
