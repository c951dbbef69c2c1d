import type { FeedbackTicket } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnreadMessages } from '../../../shared/account/unread-messages';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { PagedRecords } from '../../../shared/ui/data-table/paged-records';
import pickerStyles from '../../../shared/ui/proof-picker/proof-picker.module.css';
import { StatusBadge } from '../../../shared/ui/status-badge/status-badge';
import { useFeedbackImage, useMyFeedback } from '../api/feedback-api';
import { feedbackStatusKeys, feedbackTypeKeys } from '../feedback-labels';
import styles from './feedback.module.css';

const StoredImage = ({ id, imageId, number }: { id: string; imageId: string; number: number }) => {
  const { t } = useTranslation('contact');
  const image = useFeedbackImage(id, imageId);
  return (
    <li className={pickerStyles.proof} data-image={imageId}>
      {image.data ? (
        <img src={`data:${image.data.contentType};base64,${image.data.data}`} alt={t('image_alt', { number })} />
      ) : null}
    </li>
  );
};

const Ticket = ({ ticket }: { ticket: FeedbackTicket }) => {
  const { t } = useTranslation('contact');
  const formatDateTime = useFormatDateTime();
  const status = feedbackStatusKeys[ticket.status];
  return (
    <div className={styles.ticket}>
      <p className={styles.ticketHead}>
        <bdi dir="ltr" className={styles.reference}>
          {ticket.reference}
        </bdi>
        <span>{t(feedbackTypeKeys[ticket.type])}</span>
        <StatusBadge tone={status.tone} name={ticket.status}>
          {t(status.label)}
        </StatusBadge>
      </p>
      <p className={styles.content}>{ticket.content}</p>
      {ticket.imageIds.length > 0 ? (
        <ul className={pickerStyles.proofs}>
          {ticket.imageIds.map((imageId, index) => (
            <StoredImage key={imageId} id={ticket.id} imageId={imageId} number={index + 1} />
          ))}
        </ul>
      ) : null}
      {ticket.replies.map((reply) => (
        <div key={reply.id} className={styles.reply} data-reply="">
          <p className={styles.replyHead}>
            {t('reply_from_desk')} · {formatDateTime(reply.createdAt)}
          </p>
          <p className={styles.content}>{reply.body}</p>
        </div>
      ))}
    </div>
  );
};

/** The member's own feedback, newest first, with the desk's replies; a reply arriving refreshes it. */
export const FeedbackList = () => {
  const { t } = useTranslation(['contact', 'money']);
  const formatDateTime = useFormatDateTime();
  const unread = useUnreadMessages();
  const [pageNo, setPageNo] = useState(1);
  const list = useMyFeedback(pageNo, unread);
  return (
    <PagedRecords<FeedbackTicket>
      query={list}
      pageNo={pageNo}
      onPageChange={setPageNo}
      rowKey={(ticket) => ticket.id}
      rowData={(ticket) => ({ 'data-feedback': ticket.reference, 'data-status': ticket.status })}
      columns={[
        { label: t('created_at', { ns: 'money' }), render: (ticket) => formatDateTime(ticket.createdAt) },
        { label: t('my_feedback'), render: (ticket) => <Ticket ticket={ticket} /> },
      ]}
    />
  );
};
