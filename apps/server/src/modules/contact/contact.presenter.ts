import type {
  AdminChatConversation,
  AdminFeedbackTicket,
  CannedReply,
  ChatConversation,
  FeedbackTicket,
} from '@tessera/contracts';
import type { CannedReplyRow } from './canned-replies.repository';
import type { ConversationRow } from './chat.repository';
import type { FeedbackReplyRow, FeedbackRow } from './feedback.repository';
import { referenceOf } from './feedback.service';

interface Details {
  replies: Map<string, FeedbackReplyRow[]>;
  imageIds: Map<string, string[]>;
}

export const presentFeedback = (row: FeedbackRow, details: Details): FeedbackTicket => ({
  id: row.id,
  reference: referenceOf(row),
  type: row.type,
  content: row.content,
  status: row.status,
  imageIds: details.imageIds.get(row.id) ?? [],
  replies: (details.replies.get(row.id) ?? []).map((reply) => ({
    id: String(reply.id),
    body: reply.body,
    createdAt: reply.createdAt.toISOString(),
  })),
  createdAt: row.createdAt.toISOString(),
});

export const presentAdminFeedback = (row: FeedbackRow, details: Details): AdminFeedbackTicket => ({
  ...presentFeedback(row, details),
  memberId: row.memberId,
  username: row.username,
  replies: (details.replies.get(row.id) ?? []).map((reply) => ({
    id: String(reply.id),
    body: reply.body,
    createdAt: reply.createdAt.toISOString(),
    operator: reply.operatorUsername,
  })),
});

export const presentConversation = (row: ConversationRow, unread: number): ChatConversation => ({
  id: row.id,
  status: row.status,
  lastSeq: row.lastSeq,
  unread,
  deskReadSeq: row.deskReadSeq,
  createdAt: row.createdAt.toISOString(),
});

/** When the member first wrote, when the desk first answered, since when the member waits (`chat.timings`). */
export interface ChatTimings {
  firstMemberAt: Date | null;
  firstReplyAt: Date | null;
  waitingSince: Date | null;
}

export const presentAdminConversation = (
  row: ConversationRow,
  unread: number,
  timings: ChatTimings | undefined,
): AdminChatConversation => ({
  ...presentConversation(row, unread),
  memberId: row.memberId,
  username: row.username,
  visitor: row.memberId === null,
  operator: row.operatorUsername,
  updatedAt: row.updatedAt.toISOString(),
  waitingSince: row.status !== 'resolved' && timings?.waitingSince ? timings.waitingSince.toISOString() : null,
  firstReplySeconds:
    timings?.firstMemberAt && timings.firstReplyAt
      ? Math.max(0, Math.round((timings.firstReplyAt.getTime() - timings.firstMemberAt.getTime()) / 1000))
      : null,
});

export const presentCannedReply = (row: CannedReplyRow): CannedReply => ({
  id: row.id,
  shortcut: row.shortcut,
  title: row.title,
  body: row.body,
  language: row.language,
  createdBy: row.createdBy,
  updatedBy: row.updatedBy,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
