import { withdrawalEndpoints } from '@tessera/contracts';
import type { Registrar } from '../../platform/http/registrar';
import { presentPayoutMethod, presentWithdrawal } from './withdrawals.presenter';
import type { WithdrawalRow } from './withdrawals.repository';
import type { WithdrawalsService } from './withdrawals.service';

export const registerWithdrawalRoutes = (r: Registrar, withdrawals: WithdrawalsService): void => {
  const present = async (rows: WithdrawalRow[]) => {
    const proofs = await withdrawals.proofIds(rows.map((row) => row.id));
    return rows.map((row) => presentWithdrawal(row, proofs.get(row.id)));
  };
  const presentOne = async (row: WithdrawalRow) => (await present([row]))[0] ?? presentWithdrawal(row);

  r.site(withdrawalEndpoints.options, async ({ ctx }) => withdrawals.options(ctx.merchant, ctx.member));

  r.site(withdrawalEndpoints.methods, async ({ ctx }) =>
    (await withdrawals.listMethods(ctx.member)).map(presentPayoutMethod),
  );

  r.site(withdrawalEndpoints.addMethod, async ({ input, ctx }) =>
    presentPayoutMethod(await withdrawals.addMethod(ctx.merchant, ctx.member, input)),
  );

  r.site(withdrawalEndpoints.removeMethod, async ({ params, ctx }) => {
    await withdrawals.removeMethod(ctx.member, params.id);
    return null;
  });

  r.site(withdrawalEndpoints.submit, async ({ input, ctx }) =>
    presentOne(await withdrawals.submit(ctx.merchant, ctx.member, input)),
  );

  r.site(withdrawalEndpoints.list, async ({ input, ctx }) => {
    const { rows, totalPages } = await withdrawals.list(ctx.merchant, ctx.member, input.status, input.pageNo);
    return { list: await present(rows), pageNo: input.pageNo, totalPages };
  });

  r.site(withdrawalEndpoints.get, async ({ params, ctx }) =>
    presentOne(await withdrawals.get(ctx.merchant, ctx.member, params.id)),
  );

  r.site(withdrawalEndpoints.cancel, async ({ params, ctx }) =>
    presentOne(await withdrawals.cancel(ctx.merchant, ctx.member, params.id)),
  );

  r.site(withdrawalEndpoints.confirmationList, async ({ ctx }) =>
    present(await withdrawals.awaitingConfirmation(ctx.merchant, ctx.member)),
  );

  r.site(withdrawalEndpoints.confirm, async ({ params, input, files, ctx }) =>
    presentOne(await withdrawals.confirm(ctx.merchant, ctx.member, params.id, input, files)),
  );

  r.site(withdrawalEndpoints.proof, async ({ params, ctx }) => {
    const order = await withdrawals.get(ctx.merchant, ctx.member, params.id);
    return withdrawals.proof(order.id, params.proofId);
  });
};
