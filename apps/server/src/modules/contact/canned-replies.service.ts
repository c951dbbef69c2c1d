import { CANNED_REPLY_LIMITS } from '@tessera/contracts';
import type pg from 'pg';
import { isConstraintViolation } from '../../platform/db/pg-errors';
import { inTransaction } from '../../platform/db/transaction';
import { AppError, fieldError } from '../../platform/http/app-error';
import type { MerchantContext } from '../../platform/principals';
import type { AdminService } from '../admin';
import {
  type CannedReplyRow,
  type CannedReplyValues,
  createCannedRepliesRepository,
} from './canned-replies.repository';
import type { AuditActor } from './feedback.service';

const SHORTCUT_INDEX = 'contact_canned_replies_shortcut_idx';

const snapshot = (row: CannedReplyRow) => ({
  shortcut: row.shortcut,
  title: row.title,
  body: row.body,
  language: row.language,
});

/**
 * Canned replies (issue 30, decision 0111): a merchant's prepared answers for the chat console. Every read and change
 * names the operator's merchant, so another merchant's reply is not found; each change commits with its audit row.
 */
export const createCannedRepliesService = (deps: { pool: pg.Pool; admin: AdminService }) => {
  const repository = createCannedRepliesRepository(deps.pool);
  const operatorOf = (actor: AuditActor) => {
    if (!actor.operator) throw new AppError('login.not.session');
    return actor.operator.username;
  };

  /** Runs a change with its audit row; a shortcut the merchant already uses is a field error on `shortcut`. */
  const write = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    try {
      return await inTransaction(deps.pool, work);
    } catch (error) {
      if (isConstraintViolation(error, SHORTCUT_INDEX)) throw fieldError('shortcut', 'shortcut_taken');
      throw error;
    }
  };

  return {
    list: (merchantCode: string) => repository.list(merchantCode),

    create: (merchant: MerchantContext, values: CannedReplyValues, actor: AuditActor) =>
      write(async (client) => {
        if ((await repository.count(client, merchant.code)) >= CANNED_REPLY_LIMITS.perMerchant) {
          throw new AppError('too_many_requests');
        }
        const row = await repository.insert(client, merchant.code, values, operatorOf(actor));
        await deps.admin.auditWith(client, actor, {
          action: 'chat.canned_create',
          target: `canned:${row.id}`,
          merchantCode: merchant.code,
          details: { after: snapshot(row) },
        });
        return row;
      }),

    update: (merchant: MerchantContext, id: string, values: CannedReplyValues, actor: AuditActor) =>
      write(async (client) => {
        const before = await repository.lock(client, merchant.code, id);
        if (!before) throw new AppError('not_found');
        const row = await repository.update(client, id, values, operatorOf(actor));
        await deps.admin.auditWith(client, actor, {
          action: 'chat.canned_update',
          target: `canned:${id}`,
          merchantCode: merchant.code,
          details: { before: snapshot(before), after: snapshot(row) },
        });
        return row;
      }),

    remove: (merchant: MerchantContext, id: string, actor: AuditActor) =>
      write(async (client) => {
        const before = await repository.lock(client, merchant.code, id);
        if (!before) throw new AppError('not_found');
        await repository.remove(client, id);
        await deps.admin.auditWith(client, actor, {
          action: 'chat.canned_delete',
          target: `canned:${id}`,
          merchantCode: merchant.code,
          details: { before: snapshot(before) },
        });
      }),
  };
};

export type CannedRepliesService = ReturnType<typeof createCannedRepliesService>;
