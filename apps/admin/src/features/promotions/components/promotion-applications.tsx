import { PROMOTION_REVIEW_NOTE_MAX, type PromotionApplication } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, refusalReasonOf } from '../../../shared/api/api-error';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import table from '../../../shared/ui/data-table.module.css';
import { Dialog } from '../../../shared/ui/dialog';
import { Field } from '../../../shared/ui/field';
import { PagedTable } from '../../../shared/ui/paged-table';
import { usePromotionApplications, useReviewApplication } from '../api/promotions-api';
import styles from './promotion-engine.module.css';

const PAGE_SIZE = 20;
const STATUSES = ['applying', 'issued', 'rejected'] as const;
type QueueStatus = (typeof STATUSES)[number];
const statusTone = { applying: 'info', issued: 'success', rejected: 'danger' } as const;

/** An application's images, read with the queue (only this merchant's operators reach it). */
const Images = ({ application, isLarge = false }: { application: PromotionApplication; isLarge?: boolean }) => {
  const { t } = useTranslation();
  if (application.images.length === 0) return <span className={table.muted}>—</span>;
  return (
    <div className={isLarge ? styles.imagesLarge : styles.images}>
      {application.images.map((image, index) => (
        <a
          key={image.id}
          href={`data:${image.contentType};base64,${image.data}`}
          target="_blank"
          rel="noreferrer"
          download={`${application.account}-${index + 1}.${image.contentType === 'image/png' ? 'png' : 'jpg'}`}
        >
          <img
            src={`data:${image.contentType};base64,${image.data}`}
            alt={t('promotions.queue.imageAlt', { index: index + 1, account: application.account })}
          />
        </a>
      ))}
    </div>
  );
};

/** A chat-app link's handle (decision 0151), as the operator looks it up in the app; null for an application. */
const ChatHandle = ({ application }: { application: PromotionApplication }) => {
  const { t } = useTranslation();
  if (!application.chatApp || !application.chatHandle) return null;
  return (
    <span className={styles.strong} data-chat-handle={application.chatHandle}>
      {t('promotions.queue.chatHandle', {
        app: t(`promotions.chatApps.${application.chatApp}`),
        handle: `@${application.chatHandle}`,
      })}
    </span>
  );
};

/** Approve (the promotion's bonus is granted) or reject with a reason the member reads. */
const ReviewDialog = ({
  code,
  application,
  onClose,
}: {
  code: string;
  application: PromotionApplication;
  onClose: (done: boolean) => void;
}) => {
  const { t } = useTranslation();
  const review = useReviewApplication(code);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<{ code: string; reason: string | null } | null>(null);
  const submit = async (decision: 'approve' | 'reject') => {
    setFailure(null);
    try {
      await review.mutateAsync({ id: application.id, input: { decision, note } });
      onClose(true);
    } catch (error) {
      setFailure({ code: errorCodeOf(error), reason: refusalReasonOf(error) });
    }
  };
  return (
    <Dialog
      isOpen
      size="md"
      title={t('promotions.queue.reviewTitle', { account: application.account })}
      onClose={() => onClose(false)}
      footer={
        <>
          <Button variant="danger" onClick={() => void submit('reject')} disabled={review.isPending || !note.trim()}>
            {t('promotions.queue.reject')}
          </Button>
          <Button onClick={() => void submit('approve')} disabled={review.isPending}>
            {t('promotions.queue.approve')}
          </Button>
        </>
      }
    >
      <div className={styles.stack} data-review={application.id}>
        <p className={styles.strong}>{application.promotionTitle}</p>
        {application.chatHandle ? (
          <p>
            <ChatHandle application={application} />
          </p>
        ) : (
          <>
            <p>{application.remark || t('promotions.queue.noRemark')}</p>
            <Images application={application} isLarge />
          </>
        )}
        {failure ? (
          <Alert tone="danger" title={t(`errors.${failure.code}`, { defaultValue: t('errors.unknown_error') })}>
            {failure.reason ? t(`promotions.ineligible.${failure.reason}`, { defaultValue: failure.reason }) : null}
          </Alert>
        ) : null}
        <Field label={t('promotions.queue.note')} htmlFor="promotion-review-note" hint={t('promotions.queue.noteHint')}>
          <input
            id="promotion-review-note"
            value={note}
            maxLength={PROMOTION_REVIEW_NOTE_MAX}
            onChange={(event) => setNote(event.target.value)}
          />
        </Field>
      </div>
    </Dialog>
  );
};

/** The application review queue: pending applications oldest first, with their remark and images. */
export const PromotionApplications = ({ code, canReview }: { code: string; canReview: boolean }) => {
  const { t } = useTranslation();
  const [status, setStatus] = useState<QueueStatus>('applying');
  const [pageNo, setPageNo] = useState(1);
  const [reviewing, setReviewing] = useState<PromotionApplication | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const applications = usePromotionApplications(code, { status, pageNo, pageSize: PAGE_SIZE });
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  const columns = [
    t('promotions.queue.time'),
    t('promotions.queue.promotion'),
    t('promotions.queue.account'),
    t('promotions.queue.remark'),
    t('promotions.queue.images'),
    t('promotions.queue.status'),
    t('common.actions'),
  ];
  return (
    <div className={styles.stack}>
      <Field label={t('promotions.queue.status')} htmlFor="promotion-queue-status" className={styles.filter}>
        <select
          id="promotion-queue-status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as QueueStatus);
            setPageNo(1);
          }}
        >
          {STATUSES.map((item) => (
            <option key={item} value={item}>
              {t(`promotions.queue.statuses.${item}`)}
            </option>
          ))}
        </select>
      </Field>
      {done ? <Alert tone="success" title={done} /> : null}
      <PagedTable<PromotionApplication>
        query={applications}
        emptyMessage={t('promotions.queue.empty')}
        testId="promotion-applications"
        columns={columns}
        pageNo={pageNo}
        onPageChange={setPageNo}
        renderRow={(row) => (
          <tr key={row.id} data-application={row.account}>
            <td data-label={columns[0]} className={table.nowrap}>
              {formatTime.format(Date.parse(row.createdAt))}
            </td>
            <td data-label={columns[1]}>{row.promotionTitle}</td>
            <td data-label={columns[2]}>{row.account}</td>
            <td data-label={columns[3]} className={styles.remark}>
              {row.chatHandle ? <ChatHandle application={row} /> : row.remark || '—'}
            </td>
            <td data-label={columns[4]}>
              <Images application={row} />
            </td>
            <td data-label={columns[5]}>
              <Badge tone={statusTone[row.status as QueueStatus] ?? 'neutral'}>
                {t(`promotions.queue.statuses.${row.status}`, { defaultValue: row.status })}
              </Badge>
              {row.reviewNote ? <span className={table.muted}> {row.reviewNote}</span> : null}
            </td>
            <td data-label={columns[6]}>
              {canReview && row.status === 'applying' ? (
                <Button size="sm" onClick={() => setReviewing(row)}>
                  {t('promotions.queue.review')}
                </Button>
              ) : (
                '—'
              )}
            </td>
          </tr>
        )}
      />
      {reviewing ? (
        <ReviewDialog
          code={code}
          application={reviewing}
          onClose={(isDone) => {
            if (isDone) setDone(t('promotions.queue.decided', { account: reviewing.account }));
            setReviewing(null);
          }}
        />
      ) : null}
    </div>
  );
};
