import type { MemberMessageType } from '@tessera/contracts';

/**
 * The title and text keys (namespace member) of each internal message type; the text takes the message's params. An
 * operator's message carries its own title and text, already in the member's language (`operatorMessageText`).
 */
export const messageTextKeys: Record<
  Exclude<MemberMessageType, 'operator_message'>,
  { title: string; body: string }
> = {
  deposit_arrived: { title: 'msg_deposit_arrived_title', body: 'msg_deposit_arrived_body' },
  deposit_failed: { title: 'msg_deposit_failed_title', body: 'msg_deposit_failed_body' },
  withdrawal_approved: { title: 'msg_withdrawal_approved_title', body: 'msg_withdrawal_approved_body' },
  withdrawal_rejected: { title: 'msg_withdrawal_rejected_title', body: 'msg_withdrawal_rejected_body' },
  feedback_answered: { title: 'msg_feedback_answered_title', body: 'msg_feedback_answered_body' },
  raffle_won: { title: 'msg_raffle_won_title', body: 'msg_raffle_won_body' },
};

/** An operator's message's own title or text (decision 0121); null for the other types. */
export const operatorMessageText = (
  message: { type: MemberMessageType; params: Record<string, string> },
  part: 'title' | 'body',
): string | null => (message.type === 'operator_message' ? (message.params[part] ?? '') : null);
