import {
  BROADCAST_LIMITS,
  type BroadcastAudience,
  type BroadcastInput,
  broadcastInputSchema,
  type LanguageCode,
} from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';
import { AppError, fieldError } from '../../platform/http/app-error';
import type { MerchantContext } from '../../platform/principals';
import type { AdminService } from '../admin';
import type { MembersService } from '../members';
import type { BroadcastRow, BroadcastsRepository } from './broadcasts.repository';

type AuditActor = Parameters<AdminService['auditWith']>[1];

/** A scheduled time this far in the past still counts as "now" (the operator's clock, the form's minute). */
const PAST_GRACE_MS = 60_000;
/** Due messages one pass of the job sends. */
const DUE_BATCH = 20;
/** Agents' member types (1, 2, 41, 42); 0 is a member, 4 a free-play trial. */
const AGENT_TYPES = new Set([1, 2, 41, 42]);

export interface BroadcastsDeps {
  pool: pg.Pool;
  repository: BroadcastsRepository;
  admin: Pick<AdminService, 'auditWith'>;
  members: Pick<MembersService, 'findByUsername' | 'recipients'>;
  vipMemberIds: (merchantCode: string, levels: readonly number[]) => Promise<string[]>;
  downlineIds: (agentId: string) => Promise<string[]>;
  blockedAmong: (merchantCode: string, memberIds: readonly string[]) => Promise<Set<string>>;
  /** After commit: the recipients' unread counts changed. */
  announceUnread: (merchantCode: string, memberIds: readonly string[]) => void;
  now?: () => Date;
}

/** The text a member reads: its own language's, else the fallback language's. */
export const textFor = (
  row: Pick<BroadcastRow, 'texts' | 'fallbackLanguage'>,
  language: LanguageCode | null,
): { title: string; body: string } => {
  const own = language ? row.texts[language] : undefined;
  const text = own ?? row.texts[row.fallbackLanguage] ?? Object.values(row.texts)[0];
  if (!text) throw new Error(`broadcast without texts`);
  return text;
};

/**
 * Operators' messages to members' inboxes (issue 30, decision 0121): one member, VIP levels, an agent's team, members
 * registered in a range, or all; now or scheduled; per language. Sending writes the inbox messages and marks the
 * message sent in one transaction; the audience is taken at that moment, and members on a break or self-excluded
 * are left out of every audience but a single named member (decision 0112: a message to many is marketing).
 */
export const createBroadcastsService = (deps: BroadcastsDeps) => {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());

  /** The members an audience names, with their language; an unknown member or agent is a field error. */
  const resolve = async (merchantCode: string, audience: BroadcastAudience) => {
    switch (audience.kind) {
      case 'member': {
        const member = await deps.members.findByUsername(merchantCode, audience.username);
        if (!member || member.type === 4) throw fieldError('audience.username', 'field_unknown');
        return deps.members.recipients(merchantCode, { ids: [member.id] });
      }
      case 'team': {
        const agent = await deps.members.findByUsername(merchantCode, audience.agentUsername);
        if (!agent || !AGENT_TYPES.has(agent.type)) throw fieldError('audience.agentUsername', 'field_unknown');
        return deps.members.recipients(merchantCode, { ids: await deps.downlineIds(agent.id) });
      }
      case 'vip':
        return deps.members.recipients(merchantCode, {
          ids: await deps.vipMemberIds(merchantCode, audience.levels),
        });
      case 'registered':
        return deps.members.recipients(merchantCode, {
          registered: { from: new Date(audience.from), to: new Date(audience.to) },
        });
      case 'all':
        return deps.members.recipients(merchantCode, {});
    }
  };

  /** Writes the inbox messages of one locked, scheduled message and marks it sent; answers the recipients. */
  const deliver = async (client: pg.PoolClient, row: BroadcastRow) => {
    let audience = await resolve(row.merchantCode, row.audience).catch((error: unknown) => {
      // The named member or agent went away after scheduling: the message reaches no one.
      if (error instanceof AppError) return [];
      throw error;
    });
    if (row.audience.kind !== 'member' && audience.length > 0) {
      const blocked = await deps.blockedAmong(
        row.merchantCode,
        audience.map((member) => member.id),
      );
      audience = audience.filter((member) => !blocked.has(member.id));
    }
    const written = await repository.insertMessages(
      client,
      row.merchantCode,
      row.id,
      audience.map((member) => ({ memberId: member.id, ...textFor(row, member.language) })),
    );
    const sent = await repository.setStatus(client, row.id, 'sent', audience.length);
    return { sent, written };
  };

  const snapshot = (row: BroadcastRow) => ({
    audience: row.audience,
    languages: Object.keys(row.texts),
    sendAt: row.sendAt.toISOString(),
    status: row.status,
    recipients: row.recipients,
  });

  return {
    list: (merchantCode: string) => repository.list(merchantCode, BROADCAST_LIMITS.listed),

    /** Checks and stores a message; sent at once (in the same transaction) when it has no time or its time is now. */
    create: async (merchant: MerchantContext, input: BroadcastInput, actor: AuditActor): Promise<BroadcastRow> => {
      const values = broadcastInputSchema.parse(input);
      const fallback = merchant.settings.defaultLanguage;
      if (!values.texts[fallback]) throw fieldError(`texts.${fallback}.title`, 'not_empty');
      const at = now();
      const sendAt = values.sendAt ? new Date(values.sendAt) : at;
      if (sendAt.getTime() < at.getTime() - PAST_GRACE_MS) throw fieldError('sendAt', 'field_too_small');
      if (sendAt.getTime() > at.getTime() + BROADCAST_LIMITS.scheduleMaxDays * 86_400_000) {
        throw fieldError('sendAt', 'field_too_large', { max: String(BROADCAST_LIMITS.scheduleMaxDays) });
      }
      if (values.audience.kind === 'registered' && Date.parse(values.audience.to) <= Date.parse(values.audience.from)) {
        throw fieldError('audience.to', 'field_too_small');
      }
      // The named member or agent must exist now (and again when it is sent).
      if (values.audience.kind === 'member' || values.audience.kind === 'team') {
        await resolve(merchant.code, values.audience);
      }
      if (!actor.operator) throw new AppError('login.not.session');
      const operator = actor.operator.username;
      const { row, written } = await inTransaction(deps.pool, async (client) => {
        const stored = await repository.insert(client, {
          merchantCode: merchant.code,
          audience: values.audience,
          texts: values.texts,
          fallbackLanguage: fallback,
          sendAt,
          createdBy: operator,
        });
        const result = sendAt.getTime() <= at.getTime() ? await deliver(client, stored) : { sent: stored, written: [] };
        await deps.admin.auditWith(client, actor, {
          action: 'messages.broadcast_create',
          target: `broadcast:${stored.id}`,
          merchantCode: merchant.code,
          details: { after: snapshot(result.sent) },
        });
        return { row: result.sent, written: result.written };
      });
      if (written.length > 0) deps.announceUnread(merchant.code, written);
      return row;
    },

    /** Cancels a scheduled message of the merchant. */
    cancel: (merchant: MerchantContext, id: string, actor: AuditActor): Promise<BroadcastRow> =>
      inTransaction(deps.pool, async (client) => {
        const before = await repository.lock(client, merchant.code, id);
        if (!before) throw new AppError('not_found');
        if (before.status !== 'scheduled') throw new AppError('broadcast_not_scheduled');
        const row = await repository.setStatus(client, before.id, 'cancelled', null);
        await deps.admin.auditWith(client, actor, {
          action: 'messages.broadcast_cancel',
          target: `broadcast:${id}`,
          merchantCode: merchant.code,
          details: { before: snapshot(before), after: snapshot(row) },
        });
        return row;
      }),

    /** Sends every scheduled message that is due (the job's pass); answers how many it sent. */
    sendDue: async (): Promise<number> => {
      let count = 0;
      for (;;) {
        const done = await inTransaction(deps.pool, async (client) => {
          const due = await repository.lockDue(client, DUE_BATCH);
          const results = [];
          for (const row of due) results.push({ row, ...(await deliver(client, row)) });
          return results;
        });
        for (const { row, written } of done) {
          if (written.length > 0) deps.announceUnread(row.merchantCode, written);
        }
        count += done.length;
        if (done.length < DUE_BATCH) return count;
      }
    },
  };
};

export type BroadcastsService = ReturnType<typeof createBroadcastsService>;
