import { type AdminFeedbackTicket, FEEDBACK_LIMITS, type FeedbackStatus, feedbackStatuses } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../shared/api/api-error';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Alert } from '../../../shared/ui/alert';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import table from '../../../shared/ui/data-table.module.css';
import { Dialog } from '../../../shared/ui/dialog';
import { ListStates } from '../../../shared/ui/page-state';
import { Pagination } from '../../../shared/ui/pagination';
import { useFeedbackAction, useFeedbackImage, useFeedbackQueue } from '../api/feedback-api';
import styles from './contact.module.css';

const statusTone: Record<FeedbackStatus, BadgeTone> = { open: 'warning', answered: 'success', closed: 'neutral' };

const FeedbackImage = ({
  code,
  id,
  imageId,
  number,
}: {
  code: string;
  id: string;
  imageId: string;
  number: number;
}) => {
  const { t } = useTranslation();
  const image = useFeedbackImage(code, id, imageId);
  return (
    <li data-image={imageId}>
      {image.data ? (
        <img
          src={`data:${image.data.contentType};base64,${image.data.data}`}
          alt={t('contact.feedback.imageAlt', { number })}
        />
      ) : (
        <span className={styles.muted}>{t('common.loading')}</span>
      )}
    </li>
  );
};

/** One feedback: the member's text and images, the replies so far, and the reply box while it is not closed. */
const FeedbackReview = ({
  code,
  ticket: opened,
  onClose,
}: {
  code: string;
  ticket: AdminFeedbackTicket;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const action = useFeedbackAction(code);
  // The answer of the last action: the ticket stays open here when it leaves the filtered queue.
  const [ticket, setTicket] = useState(opened);
  const [reply, setReply] = useState('');
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  const isOpen = ticket.status !== 'closed';
  return (
    <Dialog
      isOpen
      size="md"
      title={t('contact.feedback.reviewTitle', { reference: ticket.reference })}
      onClose={onClose}
      footer={
        <div className={styles.actions}>
          {isOpen ? (
            <Button
              variant="primary"
              disabled={reply.trim().length === 0}
              isBusy={action.isPending}
              onClick={() =>
                action.mutate(
                  { id: ticket.id, reply: reply.trim() },
                  {
                    onSuccess: (answer) => {
                      setReply('');
                      setTicket(answer);
                    },
                  },
                )
              }
            >
              {t('contact.feedback.sendReply')}
            </Button>
          ) : null}
          {isOpen ? (
            <Button
              variant="secondary"
              isBusy={action.isPending}
              onClick={() => action.mutate({ id: ticket.id, close: true }, { onSuccess: setTicket })}
            >
              {t('contact.feedback.close')}
            </Button>
          ) : null}
          <Button variant="ghost" onClick={onClose}>
            {t('common.close')}
          </Button>
        </div>
      }
    >
      <div className={styles.stack} data-testid="feedback-review">
        {action.error ? (
          <Alert
            tone="danger"
            title={t(`errors.${errorCodeOf(action.error)}`, { defaultValue: t('errors.unknown_error') })}
          />
        ) : null}
        <p className={styles.muted}>
          {ticket.username} · {t(`contact.feedback.types.${ticket.type}`)} ·{' '}
          {formatTime.format(Date.parse(ticket.createdAt))} ·{' '}
          <Badge tone={statusTone[ticket.status]}>{t(`contact.feedback.statuses.${ticket.status}`)}</Badge>
        </p>
        <p className={styles.text}>{ticket.content}</p>
        {ticket.imageIds.length > 0 ? (
          <ul className={styles.images}>
            {ticket.imageIds.map((imageId, index) => (
              <FeedbackImage key={imageId} code={code} id={ticket.id} imageId={imageId} number={index + 1} />
            ))}
          </ul>
        ) : null}
        {ticket.replies.map((answer) => (
          <div key={answer.id} className={styles.reply} data-reply="">
            <p className={styles.muted}>
              {answer.operator} · {formatTime.format(Date.parse(answer.createdAt))}
            </p>
            <p className={styles.text}>{answer.body}</p>
          </div>
        ))}
        {isOpen ? (
          <label className={styles.filter}>
            <span>{t('contact.feedback.reply')}</span>
            <textarea
              className={styles.replyBox}
              value={reply}
              maxLength={FEEDBACK_LIMITS.replyMax}
              onChange={(event) => setReply(event.target.value)}
              data-testid="feedback-reply"
            />
          </label>
        ) : null}
      </div>
    </Dialog>
  );
};

/** The feedback and complaints queue of a merchant: filter by status, open one to answer or close it. */
export const FeedbackQueue = ({ code }: { code: string }) => {
  const { t } = useTranslation();
  const [status, setStatus] = useState<FeedbackStatus | undefined>('open');
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<AdminFeedbackTicket | null>(null);
  const queue = useFeedbackQueue(code, status, pageNo);
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <div className={styles.stack}>
      <div className={styles.filters}>
        <label className={styles.filter}>
          <span>{t('contact.feedback.status')}</span>
          <select
            value={status ?? ''}
            data-testid="feedback-status"
            onChange={(event) => {
              setStatus((event.target.value || undefined) as FeedbackStatus | undefined);
              setPageNo(1);
            }}
          >
            <option value="">{t('contact.feedback.allStatuses')}</option>
            {feedbackStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`contact.feedback.statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <Button onClick={() => void queue.refetch()} isBusy={queue.isFetching}>
          {t('common.refresh')}
        </Button>
      </div>
      <ListStates query={queue} emptyMessage={t('contact.feedback.empty')} />
      {queue.data && queue.data.list.length > 0 ? (
        <div className={table.wrap}>
          <table className={table.table} data-testid="feedback-queue">
            <thead>
              <tr>
                <th scope="col">{t('contact.feedback.reference')}</th>
                <th scope="col">{t('contact.feedback.member')}</th>
                <th scope="col">{t('contact.feedback.type')}</th>
                <th scope="col">{t('contact.feedback.content')}</th>
                <th scope="col">{t('contact.feedback.status')}</th>
                <th scope="col">{t('contact.feedback.sent')}</th>
                <th scope="col">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {queue.data.list.map((ticket) => (
                <tr key={ticket.id} data-reference={ticket.reference}>
                  <td data-label={t('contact.feedback.reference')} className={table.mono}>
                    {ticket.reference}
                  </td>
                  <td data-label={t('contact.feedback.member')}>{ticket.username}</td>
                  <td data-label={t('contact.feedback.type')}>{t(`contact.feedback.types.${ticket.type}`)}</td>
                  <td data-label={t('contact.feedback.content')}>
                    {ticket.content.length > 80 ? `${ticket.content.slice(0, 80)}…` : ticket.content}
                  </td>
                  <td data-label={t('contact.feedback.status')}>
                    <Badge tone={statusTone[ticket.status]}>{t(`contact.feedback.statuses.${ticket.status}`)}</Badge>
                  </td>
                  <td data-label={t('contact.feedback.sent')} className={table.nowrap}>
                    {formatTime.format(Date.parse(ticket.createdAt))}
                  </td>
                  <td data-label={t('common.actions')}>
                    <Button size="sm" onClick={() => setOpen(ticket)}>
                      {t('contact.feedback.open')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {queue.data ? <Pagination pageNo={pageNo} totalPages={queue.data.totalPages} onChange={setPageNo} /> : null}
      {open ? <FeedbackReview code={code} ticket={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
};
