import { adminVerificationEndpoints } from '@tessera/contracts';
import type { Registrar } from '../../platform/http/registrar';
import type { VerificationService } from './verification.service';

/** The message outbox as support reads it: what was sent to whom, per the operator's merchant scope. */
export const registerVerificationAdminRoutes = (r: Registrar, verification: VerificationService): void => {
  r.admin(adminVerificationEndpoints.listOutbox, async ({ input, ctx }) => {
    const { rows, total } = await verification.listOutbox(
      ctx.operator.merchantCode,
      (input.pageNo - 1) * input.pageSize,
      input.pageSize,
    );
    return {
      list: rows.map((row) => ({
        id: row.id.toString(),
        merchantCode: row.merchantCode,
        channel: row.channel,
        recipient: row.recipient,
        template: row.template,
        body: row.body,
        provider: row.provider,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
      })),
      pageNo: input.pageNo,
      totalPages: Math.max(1, Math.ceil(total / input.pageSize)),
    };
  });
};
