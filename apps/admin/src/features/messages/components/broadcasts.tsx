import type { Broadcast, BroadcastStatus, MerchantSettings } from '@tessera/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../shared/api/api-error';
import { currentLocale } from '../../../shared/i18n/i18n';
import { languageNameOf } from '../../../shared/i18n/language-name';
import { Alert } from '../../../shared/ui/alert';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { DataTable } from '../../../shared/ui/data-table';
import table from '../../../shared/ui/data-table.module.css';
import { ListStates } from '../../../shared/ui/page-state';
import { Toast } from '../../../shared/ui/toast';
import { useBroadcastActions, useBroadcasts } from '../api/messages-api';
import { BroadcastComposer } from './broadcast-composer';
import styles from './messages.module.css';

const STATUS_TONES: Record<BroadcastStatus, BadgeTone> = { scheduled: 'info', sent: 'success', cancelled: 'neutral' };

/**
 * A merchant's messages to members' inboxes (issue 30, decision 0121), newest first: who they went (or go) to, in
 * which languages, when, and how many members they reached. Operators who may send write new ones and cancel a
 * scheduled one; each is audited.
 */
export const Broadcasts = ({
  code,
  settings,
  canSend,
}: {
  code: string;
  settings: Pick<MerchantSettings, 'defaultLanguage' | 'supportedLanguages' | 'timeZone'>;
  canSend: boolean;
}) => {
  const { t } = useTranslation();
  const broadcasts = useBroadcasts(code);
  const { cancel } = useBroadcastActions(code);
  const languageName = languageNameOf();
  const [composing, setComposing] = useState(false);
  const [cancelling, setCancelling] = useState<Broadcast | null>(null);
  const [toast, setToast] = useState<{ id: number; text: string } | null>(null);
  const dismissToast = useCallback(() => setToast(null), []);
  const formatDate = new Intl.DateTimeFormat(currentLocale(), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: settings.timeZone,
  });
  const columns = {
    message: t('messages.message'),
    audience: t('messages.audience'),
    sendAt: t('messages.sendAt'),
    status: t('messages.status'),
    recipients: t('messages.recipients'),
    actions: t('common.actions'),
  };
  const audienceOf = (broadcast: Broadcast): string => {
    const { audience } = broadcast;
    switch (audience.kind) {
      case 'member':
        return t('messages.audienceMember', { username: audience.username });
      case 'team':
        return t('messages.audienceTeam', { username: audience.agentUsername });
      case 'vip':
        return t('messages.audienceVip', { levels: audience.levels.join(', ') });
      case 'registered':
        return t('messages.audienceRegistered', {
          from: formatDate.format(Date.parse(audience.from)),
          to: formatDate.format(Date.parse(audience.to)),
        });
      case 'all':
        return t('messages.kinds.all');
    }
  };
  const fallbackText = (broadcast: Broadcast) =>
    broadcast.texts[settings.defaultLanguage] ?? Object.values(broadcast.texts)[0];

  return (
    <div className={styles.stack} data-testid="broadcasts">
      <div className={styles.filters}>
        <p className={styles.muted}>{t('messages.intro')}</p>
        {canSend ? (
          <Button variant="primary" onClick={() => setComposing(true)} data-action="broadcast-new">
            {t('messages.new')}
          </Button>
        ) : null}
      </div>
      {cancel.isError ? (
        <Alert
          tone="danger"
          title={t(`errors.${errorCodeOf(cancel.error)}`, { defaultValue: t('errors.unknown_error') })}
        />
      ) : null}
      <ListStates query={broadcasts} emptyMessage={t('messages.empty')} />
      {broadcasts.data && broadcasts.data.length > 0 ? (
        <DataTable columns={Object.values(columns)} testId="broadcast-list">
          {broadcasts.data.map((broadcast) => (
            <tr key={broadcast.id} data-broadcast={broadcast.id} data-status={broadcast.status}>
              <td data-label={columns.message}>
                {/* One block: the phone layout sets a cell's children side by side. */}
                <div>
                  <strong>
                    <bdi>{fallbackText(broadcast)?.title}</bdi>
                  </strong>
                  <p className={`${styles.text} ${styles.clamp}`}>{fallbackText(broadcast)?.body}</p>
                  <div className={table.muted}>
                    {Object.keys(broadcast.texts)
                      .map((lang) => languageName(lang as keyof typeof broadcast.texts))
                      .join(' · ')}
                  </div>
                </div>
              </td>
              <td data-label={columns.audience}>{audienceOf(broadcast)}</td>
              <td data-label={columns.sendAt} className={table.nowrap}>
                <div>
                  {formatDate.format(Date.parse(broadcast.sentAt ?? broadcast.sendAt))}
                  <div className={table.muted}>{broadcast.createdBy}</div>
                </div>
              </td>
              <td data-label={columns.status}>
                <Badge tone={STATUS_TONES[broadcast.status]}>{t(`messages.statuses.${broadcast.status}`)}</Badge>
              </td>
              <td data-label={columns.recipients}>{broadcast.recipients ?? '—'}</td>
              <td data-label={columns.actions}>
                {canSend && broadcast.status === 'scheduled' ? (
                  <Button variant="ghost" size="sm" onClick={() => setCancelling(broadcast)}>
                    {t('messages.cancel')}
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {composing ? (
        <BroadcastComposer
          code={code}
          settings={settings}
          onClose={() => setComposing(false)}
          onSent={(sent) => {
            setComposing(false);
            setToast({
              id: Date.now(),
              text:
                sent.status === 'sent'
                  ? t('messages.sentToast', { count: sent.recipients ?? 0 })
                  : t('messages.scheduledToast', { at: formatDate.format(Date.parse(sent.sendAt)) }),
            });
          }}
        />
      ) : null}
      <ConfirmDialog
        isOpen={cancelling !== null}
        title={t('messages.cancelTitle')}
        confirmLabel={t('messages.cancel')}
        tone="danger"
        isBusy={cancel.isPending}
        onCancel={() => setCancelling(null)}
        onConfirm={() => {
          if (!cancelling) return;
          cancel.mutate(cancelling.id, {
            onSettled: () => setCancelling(null),
            onSuccess: () => setToast({ id: Date.now(), text: t('messages.cancelledToast') }),
          });
        }}
      >
        <p>{t('messages.cancelText')}</p>
      </ConfirmDialog>
      <Toast message={toast} onDismiss={dismissToast} />
    </div>
  );
};
