import type { AdminDeadLetter } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../shared/api/api-error';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { PagedTable } from '../../../shared/ui/paged-table';
import { useDeadLetters, useRetryDeadLetter } from '../api/events-api';
import styles from './dead-letters.module.css';

const PAGE_SIZE = 20;

/** Asks before sending a dead letter again: its subscriber's effect runs once more if it now succeeds. */
const RetryDialog = ({ code, letter, onClose }: { code: string; letter: AdminDeadLetter; onClose: () => void }) => {
  const { t } = useTranslation();
  const retry = useRetryDeadLetter(code);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async () => {
    setFailure(null);
    try {
      await retry.mutateAsync({ subscriber: letter.subscriber, eventId: letter.eventId });
      onClose();
    } catch (error) {
      setFailure(errorCodeOf(error));
    }
  };
  return (
    <ConfirmDialog
      isOpen
      title={t('events.retryTitle')}
      confirmLabel={t('events.retryConfirm')}
      isBusy={retry.isPending}
      onConfirm={() => void submit()}
      onCancel={onClose}
    >
      <div className={styles.dialogBody}>
        <p>{t('events.retryBody', { subscriber: letter.subscriber, event: letter.event, id: letter.eventId })}</p>
        {failure ? (
          <Alert tone="danger" title={t(`errors.${failure}`, { defaultValue: t('errors.unknown_error') })} />
        ) : null}
      </div>
    </ConfirmDialog>
  );
};

/** A merchant's dead letters with their last error; the owner sends one again once its cause is mended. */
export const DeadLetters = ({ code, canRetry }: { code: string; canRetry: boolean }) => {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const [retrying, setRetrying] = useState<AdminDeadLetter | null>(null);
  const letters = useDeadLetters(code, { pageNo, pageSize: PAGE_SIZE });
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'medium' });
  const columns = {
    deadAt: t('events.deadAt'),
    event: t('events.event'),
    subscriber: t('events.subscriber'),
    attempts: t('events.attempts'),
    lastError: t('events.lastError'),
    actions: t('events.actions'),
  };
  return (
    <>
      <PagedTable
        query={letters}
        emptyMessage={t('events.empty')}
        testId="dead-letters"
        columns={Object.values(columns)}
        pageNo={pageNo}
        onPageChange={setPageNo}
        renderRow={(row) => (
          <tr key={`${row.subscriber}/${row.eventId}`} data-dead-letter={`${row.subscriber}/${row.eventId}`}>
            <td data-label={columns.deadAt}>{formatTime.format(Date.parse(row.deadAt))}</td>
            <td data-label={columns.event}>
              {row.event} <span className={styles.muted}>#{row.eventId}</span>
            </td>
            <td data-label={columns.subscriber}>
              <code>{row.subscriber}</code>
            </td>
            <td data-label={columns.attempts}>{row.attempts}</td>
            <td data-label={columns.lastError} className={styles.error}>
              {row.lastError}
            </td>
            <td data-label={columns.actions}>
              {canRetry ? (
                <Button size="sm" onClick={() => setRetrying(row)}>
                  {t('events.retry')}
                </Button>
              ) : (
                '—'
              )}
            </td>
          </tr>
        )}
      />
      {retrying ? <RetryDialog code={code} letter={retrying} onClose={() => setRetrying(null)} /> : null}
    </>
  );
};
