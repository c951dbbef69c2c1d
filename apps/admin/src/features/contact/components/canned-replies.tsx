import type { CannedReply } from '@tessera/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../shared/api/api-error';
import { currentLocale } from '../../../shared/i18n/i18n';
import { languageNameOf } from '../../../shared/i18n/language-name';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { DataTable } from '../../../shared/ui/data-table';
import table from '../../../shared/ui/data-table.module.css';
import { ListStates } from '../../../shared/ui/page-state';
import { Toast } from '../../../shared/ui/toast';
import { useCannedReplies, useCannedReplyActions } from '../api/canned-replies-api';
import { CannedReplyEditor } from './canned-reply-editor';
import styles from './contact.module.css';

/**
 * A merchant's canned replies (issue 30): the answers the chat console inserts by "/shortcut", listed by shortcut;
 * operators who answer chats add, edit and remove them, each change audited.
 */
export const CannedReplies = ({ code, canManage }: { code: string; canManage: boolean }) => {
  const { t } = useTranslation();
  const replies = useCannedReplies(code);
  const { remove } = useCannedReplyActions(code);
  const languageName = languageNameOf();
  const [editing, setEditing] = useState<CannedReply | 'new' | null>(null);
  const [removing, setRemoving] = useState<CannedReply | null>(null);
  const [toast, setToast] = useState<{ id: number; text: string } | null>(null);
  const dismissToast = useCallback(() => setToast(null), []);
  const columns = {
    shortcut: t('contact.canned.shortcut'),
    title: t('contact.canned.titleField'),
    body: t('contact.canned.body'),
    language: t('contact.canned.language'),
    updated: t('contact.canned.updated'),
    actions: t('common.actions'),
  };
  const formatDate = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <div className={styles.stack} data-testid="canned-replies">
      <div className={styles.filters}>
        <p className={styles.muted}>{t('contact.canned.intro')}</p>
        {canManage ? (
          <Button variant="primary" onClick={() => setEditing('new')} data-action="canned-add">
            {t('contact.canned.add')}
          </Button>
        ) : null}
      </div>
      {remove.isError ? (
        <Alert
          tone="danger"
          title={t(`errors.${errorCodeOf(remove.error)}`, { defaultValue: t('errors.unknown_error') })}
        />
      ) : null}
      <ListStates query={replies} emptyMessage={t('contact.canned.empty')} />
      {replies.data && replies.data.length > 0 ? (
        <DataTable columns={Object.values(columns)} testId="canned-list">
          {replies.data.map((reply) => (
            <tr key={reply.id} data-canned={reply.shortcut}>
              <td data-label={columns.shortcut} className={table.nowrap}>
                <code>/{reply.shortcut}</code>
              </td>
              <td data-label={columns.title}>
                <bdi>{reply.title}</bdi>
              </td>
              <td data-label={columns.body}>
                <p className={`${styles.text} ${styles.clamp}`}>{reply.body}</p>
              </td>
              <td data-label={columns.language}>
                {reply.language ? languageName(reply.language) : t('contact.canned.anyLanguage')}
              </td>
              <td data-label={columns.updated}>
                {formatDate.format(Date.parse(reply.updatedAt))}
                <div className={table.muted}>{reply.updatedBy}</div>
              </td>
              <td data-label={columns.actions}>
                {canManage ? (
                  <div className={styles.actions}>
                    <Button size="sm" variant="secondary" onClick={() => setEditing(reply)} data-action="canned-edit">
                      {t('common.edit')}
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setRemoving(reply)} data-action="canned-remove">
                      {t('contact.canned.remove')}
                    </Button>
                  </div>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {editing ? (
        <CannedReplyEditor
          code={code}
          reply={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setToast({ id: Date.now(), text: t('contact.canned.saved', { shortcut: saved.shortcut }) });
          }}
        />
      ) : null}
      <ConfirmDialog
        isOpen={removing !== null}
        title={t('contact.canned.removeTitle')}
        confirmLabel={t('contact.canned.remove')}
        tone="danger"
        isBusy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSettled: () => setRemoving(null),
            onSuccess: () =>
              setToast({ id: Date.now(), text: t('contact.canned.removed', { shortcut: removing.shortcut }) }),
          });
        }}
      >
        <p>{t('contact.canned.removeText', { shortcut: removing?.shortcut ?? '' })}</p>
      </ConfirmDialog>
      <Toast message={toast} onDismiss={dismissToast} />
    </div>
  );
};
