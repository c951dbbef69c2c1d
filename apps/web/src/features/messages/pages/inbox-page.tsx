import type { MemberMessage } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnreadMessages } from '../../../shared/account/unread-messages';
import { errorKeyOf } from '../../../shared/api/api-error';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { Button } from '../../../shared/ui/button/button';
import { Card } from '../../../shared/ui/card/card';
import { PagedRecords } from '../../../shared/ui/data-table/paged-records';
import { FormError } from '../../../shared/ui/form/form-error';
import { StatusBadge } from '../../../shared/ui/status-badge/status-badge';
import { useInbox, useMarkRead } from '../api/inbox-api';
import { messageTextKeys, operatorMessageText } from '../message-text';
import styles from './inbox-page.module.css';

/**
 * Personal centre "Internal Message" (messageV2): the member's messages (deposit arrived or failed, withdrawal
 * sent or rejected, feedback answered), newest first, each rendered from its type's text and the values it carries,
 * and the operators' messages with their own title and text. Unread ones
 * stand out until read, one at a time or all at once; new ones appear as they arrive.
 */
export const InboxPage = () => {
  const { t } = useTranslation(['account', 'money']);
  const formatDateTime = useFormatDateTime();
  const unread = useUnreadMessages();
  const [pageNo, setPageNo] = useState(1);
  const inbox = useInbox(pageNo, unread);
  const markRead = useMarkRead();
  const text = (message: MemberMessage, part: 'title' | 'body') =>
    message.type === 'operator_message'
      ? operatorMessageText(message, part)
      : t(messageTextKeys[message.type][part], { ...message.params, interpolation: { escapeValue: false } });
  return (
    <Card
      title={t('inbox_unread', { count: unread })}
      name="inbox"
      isPadded={false}
      actions={
        <Button
          size="sm"
          variant="outline"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          {t('inbox_mark_all_read')}
        </Button>
      }
    >
      {markRead.isError ? <FormError code={errorKeyOf(markRead.error)} /> : null}
      <PagedRecords<MemberMessage>
        query={inbox}
        pageNo={pageNo}
        onPageChange={setPageNo}
        rowKey={(message) => message.id}
        rowData={(message) => ({ 'data-message': message.type, 'data-read': String(message.read) })}
        columns={[
          { label: t('created_at', { ns: 'money' }), render: (message) => formatDateTime(message.createdAt) },
          {
            label: t('inbox_message'),
            render: (message) => (
              <div className={message.read ? styles.message : `${styles.message} ${styles.unread}`}>
                <p className={styles.title}>{text(message, 'title')}</p>
                <p className={styles.body}>{text(message, 'body')}</p>
              </div>
            ),
          },
          {
            label: t('status', { ns: 'money' }),
            render: (message) =>
              message.read ? (
                <StatusBadge tone="neutral" name="read">
                  {t('inbox_read')}
                </StatusBadge>
              ) : (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={markRead.isPending}
                  onClick={() => markRead.mutate({ ids: [message.id] })}
                >
                  {t('inbox_mark_read')}
                </Button>
              ),
          },
        ]}
      />
    </Card>
  );
};
