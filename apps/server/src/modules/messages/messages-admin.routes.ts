import { adminMessagesEndpoints, type Broadcast } from '@tessera/contracts';
import type { Registrar } from '../../platform/http/registrar';
import type { BroadcastRow } from './broadcasts.repository';
import type { BroadcastsService } from './broadcasts.service';

const presentBroadcast = (row: BroadcastRow): Broadcast => ({
  id: String(row.id),
  audience: row.audience,
  texts: row.texts,
  sendAt: row.sendAt.toISOString(),
  status: row.status,
  recipients: row.recipients,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt ? row.sentAt.toISOString() : null,
});

/** The back office's messages to members (decision 0121): list, send or schedule, cancel; scoped to the merchant. */
export const registerMessagesAdminRoutes = (r: Registrar, broadcasts: BroadcastsService): void => {
  r.admin(adminMessagesEndpoints.list, async ({ ctx }) =>
    (await broadcasts.list(ctx.merchant.code)).map(presentBroadcast),
  );
  r.admin(adminMessagesEndpoints.create, async ({ input, ctx }) =>
    presentBroadcast(await broadcasts.create(ctx.merchant, input, { operator: ctx.operator, caller: ctx })),
  );
  r.admin(adminMessagesEndpoints.cancel, async ({ params, ctx }) =>
    presentBroadcast(await broadcasts.cancel(ctx.merchant, params.id, { operator: ctx.operator, caller: ctx })),
  );
};
