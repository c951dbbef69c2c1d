import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';

/** The message outbox as support reads it (owned by the server's `verification` module, which sends every message). */

export const outboxEntrySchema = z.object({
  id: z.string(),
  merchantCode: z.string(),
  channel: z.enum(['sms', 'email']),
  recipient: z.string(),
  template: z.string(),
  body: z.string(),
  provider: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

export const adminVerificationEndpoints = {
  listOutbox: defineEndpoint({
    name: 'admin.listOutbox',
    method: 'GET',
    path: '/api/admin/outbox',
    moduleIds: [],
    access: access.operator('outbox.read', 'own'),
    encrypted: false,
    request: z.strictObject({
      pageNo: z.coerce.number().int().min(1).max(100000).default(1),
      pageSize: z.coerce.number().int().min(1).max(200).default(50),
    }),
    response: z.object({ list: z.array(outboxEntrySchema), pageNo: z.number(), totalPages: z.number() }),
    summary: 'SMS and e-mail the platform sent, newest first (owner, support).',
  }),
} as const;
