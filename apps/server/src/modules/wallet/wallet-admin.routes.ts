import { adminCashierEndpoints } from '@tessera/contracts';
import { createAdminScope } from '../../platform/http/operator-scope';
import type { Registrar } from '../../platform/http/registrar';
import type { AdminService } from '../admin';
import type { MembersService } from '../members';
import type { WalletMovesService } from './wallet-moves.service';

/** A member's wallets as the cashier desk sees them, manual credits and debits (audited), the cash report. */
export const registerWalletAdminRoutes = (
  r: Registrar,
  deps: { admin: AdminService; wallet: WalletMovesService; members: MembersService },
): void => {
  const { admin, wallet, members } = deps;

  const { memberOf } = createAdminScope({ members });

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
