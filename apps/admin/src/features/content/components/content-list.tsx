import type { ContentItem, ContentKind } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../shared/api/api-error';
import { currentLocale } from '../../../shared/i18n/i18n';
import { applySortChanges, sortChangesForMove } from '../../../shared/lists/sort-moves';
import { Alert } from '../../../shared/ui/alert';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import table from '../../../shared/ui/data-table.module.css';
import { ListStates } from '../../../shared/ui/page-state';
import { Switch } from '../../../shared/ui/switch';
import { useDeleteContent } from '../api/delete-content';
import { useContentList } from '../api/list-content';
import { useUpdateContent } from '../api/update-content';
import { headlineOf, inputOfItem } from '../lib/content-values';
import { type ScheduleState, scheduleStateOf } from '../lib/schedule-state';
import styles from './content.module.css';

export interface ContentListProps {
  code: string;
  language: string;
  kind: ContentKind;
  timeZone: string;
  onEdit: (id: string) => void;
}

const stateTones: Record<ScheduleState, BadgeTone> = {
  live: 'success',
  scheduled: 'info',
  ended: 'neutral',
  off: 'warning',
};

/**
 * What else identifies an item beside its title: a banner's place, a popup's or a notice's audience, a help section's
 * address.
 */
const DetailOf = ({ item }: { item: ContentItem }) => {
  const { t } = useTranslation();
  const { content } = item;
  if (content.kind === 'banner') return <span className={table.muted}>{t(`content.group.${content.data.group}`)}</span>;
  if (content.kind === 'popup') {
    return <span className={table.muted}>{t(`content.execution.${content.data.execution}`)}</span>;
  }
  if (content.kind === 'notice') {
    return <span className={table.muted}>{t(`content.audience.${content.data.audience ?? 'site'}`)}</span>;
  }
  if (content.kind === 'help') return <span className={table.mono}>/help#{content.data.tag}</span>;
  return null;
};

/** One kind's items in one language, in site order: reorder, switch on and off, edit, delete (with confirmation). */
export const ContentList = ({ code, language, kind, timeZone, onEdit }: ContentListProps) => {
  const { t } = useTranslation();
  const list = useContentList(code, language, kind);
  const update = useUpdateContent(code);
  const remove = useDeleteContent(code);
  const [deleting, setDeleting] = useState<ContentItem | null>(null);
  const failure = update.error ?? remove.error;
  const isBusy = update.isPending || remove.isPending;
  const now = Date.now();
  const formatWhen = (iso: string) =>
    new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      Date.parse(iso),
    );

  const items = list.data ?? [];

  const handleMove = (index: number, step: -1 | 1) => {
    const changes = sortChangesForMove(items, index, step, (item) => item.sortOrder);
    if (!changes) return;
    // A refusal shows through update.error.
    applySortChanges(changes, ({ item, sort }) =>
      update.mutateAsync({ id: item.id, input: { ...inputOfItem(item), sortOrder: sort } }),
    ).catch(() => {});
  };

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
  };

  return (
    <div className={styles.stack}>
      {failure ? <Alert tone="danger">{t(`errors.${errorCodeOf(failure)}`)}</Alert> : null}
      {items.length === 0 ? (
        <ListStates query={list} emptyMessage={t('content.empty', { language })} />
      ) : (
        <div className={table.wrap}>
          <table className={table.table} data-content-list={kind}>
            <thead>
              <tr>
                <th scope="col">{t('content.order')}</th>
                <th scope="col">{t('content.titleColumn')}</th>
                <th scope="col">{t('content.stateColumn')}</th>
                <th scope="col">{t('content.enabled')}</th>
                <th scope="col" className={table.actions}>
                  {t('common.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item, index) => {
                const headline = headlineOf(item.content) || t('content.untitled');
                const state = scheduleStateOf(item, now);
                return (
                  <tr key={item.id} data-content-item={item.id} data-state={state}>
                    <td data-label={t('content.order')}>
                      <span className={styles.order}>
                        <span className={table.mono}>{item.sortOrder}</span>
                        <Button
                          size="sm"
                          variant="ghost"
                          disabled={index === 0 || isBusy}
                          aria-label={t('content.moveUp', { name: headline })}
                          onClick={() => handleMove(index, -1)}
                        >
                          ↑
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          disabled={index === items.length - 1 || isBusy}
                          aria-label={t('content.moveDown', { name: headline })}
                          onClick={() => handleMove(index, 1)}
                        >
                          ↓
                        </Button>
                      </span>
                    </td>
                    <td data-label={t('content.titleColumn')}>
                      <span className={styles.identity}>
                        {item.imageUrl ? <img src={item.imageUrl} alt="" className={styles.thumb} /> : null}
                        <span className={styles.names}>
                          <span className={styles.strong} dir="auto">
                            {headline}
                          </span>
                          <DetailOf item={item} />
                        </span>
                      </span>
                    </td>
                    <td data-label={t('content.stateColumn')}>
                      <span className={styles.names}>
                        <Badge tone={stateTones[state]}>{t(`content.state.${state}`)}</Badge>
                        {item.startsAt || item.endsAt ? (
                          <span className={table.muted}>
                            {item.startsAt ? formatWhen(item.startsAt) : '…'} –{' '}
                            {item.endsAt ? formatWhen(item.endsAt) : '…'}
                          </span>
                        ) : null}
                      </span>
                    </td>
                    <td data-label={t('content.enabled')}>
                      <Switch
                        isOn={item.enabled}
                        label={t('content.enabledOf', { name: headline })}
                        isDisabled={isBusy}
                        onChange={(enabled) => update.mutate({ id: item.id, input: { ...inputOfItem(item), enabled } })}
                      />
                    </td>
                    <td data-label={t('common.actions')} className={table.actions}>
                      <span className={styles.rowActions}>
                        <Button size="sm" onClick={() => onEdit(item.id)}>
                          {t('common.edit')}
                        </Button>
                        <Button size="sm" variant="ghost" disabled={isBusy} onClick={() => setDeleting(item)}>
                          {t('content.delete')}
                        </Button>
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t('content.deleteTitle')}
        confirmLabel={t('content.delete')}
        tone="danger"
        isBusy={remove.isPending}
        onConfirm={handleDelete}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? (
          <p>
            {t('content.deleteText', {
              name: headlineOf(deleting.content) || t('content.untitled'),
              language,
            })}
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
};
