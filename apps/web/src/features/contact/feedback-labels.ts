import type { FeedbackStatus, FeedbackType } from '@tessera/contracts';
import type { BadgeTone } from '../../shared/ui/status-badge/status-badge';

/** The label keys (namespace contact) of each question type of spec section 3. */
export const feedbackTypeKeys: Record<FeedbackType, string> = {
  deposit: 'type_deposit',
  withdrawal: 'type_withdrawal',
  game: 'type_game',
  customer_service: 'type_customer_service',
  application: 'type_application',
  other: 'type_other',
};

export const feedbackStatusKeys: Record<FeedbackStatus, { label: string; tone: BadgeTone }> = {
  open: { label: 'status_open', tone: 'warning' },
  answered: { label: 'status_answered', tone: 'success' },
  closed: { label: 'status_closed', tone: 'neutral' },
};
