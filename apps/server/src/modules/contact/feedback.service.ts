import { FEEDBACK_LIMITS, type FeedbackStatus, type FeedbackType } from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { presentProofImage, recodeProofImages } from '../../platform/images/proof-images';
import type { MemberPrincipal, MerchantContext, UploadedFile } from '../../platform/principals';
import type { SharedRateLimiter } from '../../platform/security/shared-rate-limiter';
import type { AdminService } from '../admin';
import type { MembersService } from '../members';
import type { MessagesService } from '../messages';
import { createFeedbackRepository, type FeedbackRow } from './feedback.repository';

/** Who acts on the desk, for the audit log. */
export type AuditActor = Parameters<AdminService['auditWith']>[1];

/**
 * Feedback and complaints: a member files one (type, text, up to 3 images re-encoded like proofs), reads its own
 * with the desk's replies; the desk answers (the member's inbox hears of it) or closes, each audited.
 */
export const createFeedbackService = (deps: {
  pool: pg.Pool;
  limiter: SharedRateLimiter;
  members: MembersService;
  messages: MessagesService;
  admin: AdminService;
}) => {
  const repository = createFeedbackRepository(deps.pool);

  const mine = async (member: MemberPrincipal, id: string) => {
    const row = await repository.find({ memberId: member.memberId }, id);
    if (!row) throw new AppError('not_found');
    return row;
  };
  const ofMerchant = async (merchantCode: string, id: string) => {
    const row = await repository.find({ merchantCode }, id);
    if (!row) throw new AppError('not_found');
    return row;
  };

  /** Moves a ticket and audits it in one transaction; a ticket already closed answers order_state_invalid. */
  const transition = async (
    merchant: MerchantContext,
    id: string,
    actor: AuditActor,
    change: { to: FeedbackStatus; reply?: string },
  ) => {
    const current = await ofMerchant(merchant.code, id);
    const operator = actor.operator;
    if (!operator) throw new AppError('login.not.session');
    const result = await inTransaction(deps.pool, async (client) => {
      const moved = await repository.transition(
        client,
        current.id,
        ['open', 'answered'],
        change.to,
        change.reply === undefined
          ? undefined
          : { operatorId: operator.operatorId, operatorUsername: operator.username, body: change.reply },
      );
      if (!moved) throw new AppError('order_state_invalid');
      await deps.admin.auditWith(client, actor, {
        action: change.reply === undefined ? 'feedback.close' : 'feedback.reply',
        target: `feedback:${moved.row.id}`,
        merchantCode: merchant.code,
        details: { reference: referenceOf(moved.row), from: current.status, to: change.to },
      });
      return moved;
    });
    if (result.replyId !== null) {
      await deps.messages.send({
        merchantCode: merchant.code,
        memberId: result.row.memberId,
        type: 'feedback_answered',
        params: {
          site: merchant.settings.name,
          currency: merchant.settings.currency,
          reference: referenceOf(result.row),
        },
        dedupeKey: `feedback-reply:${result.replyId}`,
      });
    }
    return result.row;
  };

  return {
    submit: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      input: { type: FeedbackType; content: string },
      files: readonly UploadedFile[],
    ): Promise<FeedbackRow> => {
      // Images are checked before anything counts or is stored: a refused upload writes nothing.
      const proofs = recodeProofImages(files);
      const hit = await deps.limiter.hit(`feedback:${member.memberId}`, FEEDBACK_LIMITS.perHour, 3_600_000);
      if (!hit.allowed) throw new AppError('too_many_requests');
      const row = await deps.members.findById(member.memberId);
      if (!row) throw new AppError('login.not.session');
      return repository.insert(
        { merchantCode: merchant.code, memberId: member.memberId, username: row.username, ...input },
        proofs,
      );
    },
    listMine: (member: MemberPrincipal, pageNo: number) => repository.page({ memberId: member.memberId }, pageNo),
    myImage: async (member: MemberPrincipal, id: string, imageId: string) => {
      const row = await mine(member, id);
      const image = await repository.image(row.id, imageId);
      if (!image) throw new AppError('not_found');
      return presentProofImage(image);
    },
    queue: (merchantCode: string, status: FeedbackStatus | undefined, pageNo: number) =>
      repository.page({ merchantCode, status }, pageNo),
    get: ofMerchant,
    deskImage: async (merchantCode: string, id: string, imageId: string) => {
      const row = await ofMerchant(merchantCode, id);
      const image = await repository.image(row.id, imageId);
      if (!image) throw new AppError('not_found');
      return presentProofImage(image);
    },
    reply: (merchant: MerchantContext, id: string, body: string, actor: AuditActor) =>
      transition(merchant, id, actor, { to: 'answered', reply: body }),
    close: (merchant: MerchantContext, id: string, actor: AuditActor) =>
      transition(merchant, id, actor, { to: 'closed' }),
    /** Replies and image ids of the given tickets, for presenting them. */
    details: async (ids: readonly string[]) => {
      const [replies, imageIds] = await Promise.all([repository.replies(ids), repository.imageIds(ids)]);
      return { replies, imageIds };
    },
  };
};

/** The reference a member quotes: FB and the ticket's number, six digits at least. */
export const referenceOf = (row: Pick<FeedbackRow, 'seq'>): string => `FB${String(row.seq).padStart(6, '0')}`;

export type FeedbackService = ReturnType<typeof createFeedbackService>;
