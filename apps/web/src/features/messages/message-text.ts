import type { MemberMessageType } from '@tessera/contracts';

/** The title and text keys (namespace member) of each internal message type; the text takes the message's params. */
export const messageTextKeys: Record<MemberMessageType, { title: string; body: string }> = {
  deposit_arrived: { title: 'msg_deposit_arrived_title', body: 'msg_deposit_arrived_body' },
  deposit_failed: { title: 'msg_deposit_failed_title', body: 'msg_deposit_failed_body' },
  withdrawal_approved: { title: 'msg_withdrawal_approved_title', body: 'msg_withdrawal_approved_body' },
  withdrawal_rejected: { title: 'msg_withdrawal_rejected_title', body: 'msg_withdrawal_rejected_body' },
  feedback_answered: { title: 'msg_feedback_answered_title', body: 'msg_feedback_answered_body' },
};
