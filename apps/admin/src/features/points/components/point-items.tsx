import type { AdminPointItem } from '@tessera/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { DataTable } from '../../../shared/ui/data-table';
import table from '../../../shared/ui/data-table.module.css';
import { ListStates } from '../../../shared/ui/page-state';
import { Toast } from '../../../shared/ui/toast';
import { usePointItems, usePointRules } from '../api/points-api';
import { PointItemEditor } from './point-item-editor';
import styles from './points.module.css';

/** The points mall's goods, newest first, each with its picture, price, stock and schedule; edited in a dialog. */
export const PointItems = ({ code, canManage }: { code: string; canManage: boolean }) => {
  const { t } = useTranslation();
  const items = usePointItems(code);
  const rules = usePointRules(code);
  const [editing, setEditing] = useState<AdminPointItem | 'new' | null>(null);
  const [toast, setToast] = useState<{ id: number; text: string } | null>(null);
  const dismissToast = useCallback(() => setToast(null), []);
  const language = rules.data?.defaultLanguage ?? 'EN';
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'short', timeStyle: 'short' });
  const columns = {
    picture: t('points.item.picture'),
    name: t('points.item.name'),
    kind: t('points.item.kind'),
    points: t('points.item.pointsRequired'),
    amount: t('points.item.amountShort', { currency: rules.data?.currency ?? '' }),
    stock: t('points.item.stock'),
    limit: t('points.item.perMemberLimit'),
    schedule: t('points.item.scheduleShort'),
    status: t('points.item.status'),
    actions: t('common.actions'),
  };
  const scheduleOf = (item: AdminPointItem) => {
    if (!item.startsAt && !item.endsAt) return t('points.item.always');
    const from = item.startsAt ? formatTime.format(Date.parse(item.startsAt)) : '…';
    const to = item.endsAt ? formatTime.format(Date.parse(item.endsAt)) : '…';
    return `${from} – ${to}`;
  };

  return (
    <div className={styles.stack}>
      {canManage ? (
        <div className={styles.actions}>
          <span className={styles.note}>{t('points.item.listHint')}</span>
          <Button
            variant="primary"
            onClick={() => setEditing('new')}
            disabled={!rules.data}
            data-action="point-item-add"
          >
            {t('points.item.add')}
          </Button>
        </div>
      ) : null}
      <ListStates query={items} emptyMessage={t('points.item.none')} />
      {items.data && items.data.length > 0 ? (
        <DataTable columns={Object.values(columns)} testId="point-items">
          {items.data.map((item) => (
            <tr key={item.id} data-point-item={item.id}>
              <td data-label={columns.picture}>
                {item.imageUrl ? (
                  <img src={item.imageUrl} alt="" className={styles.thumb} />
                ) : (
                  <span className={styles.thumbEmpty}>{t('points.item.noImage')}</span>
                )}
              </td>
              <td data-label={columns.name}>
                <bdi>{item.names[language] ?? Object.values(item.names)[0] ?? ''}</bdi>
              </td>
              <td data-label={columns.kind}>{t(`points.kind.${item.kind}`)}</td>
              <td data-label={columns.points} className={table.nowrap}>
                {item.pointsRequired}
              </td>
              <td data-label={columns.amount} className={table.nowrap}>
                {item.kind === 'cash' ? t('points.item.pays', { amount: item.cashValue }) : null}
                {Number(item.amountRequired) > 0 ? (
                  <div className={table.muted}>{t('points.item.costs', { amount: item.amountRequired })}</div>
                ) : null}
                {item.kind !== 'cash' && Number(item.amountRequired) === 0 ? '—' : null}
              </td>
              <td data-label={columns.stock} className={table.nowrap}>
                {item.availableQuantity} / {item.quantity}
              </td>
              <td data-label={columns.limit}>{item.perMemberLimit}</td>
              <td data-label={columns.schedule}>{scheduleOf(item)}</td>
              <td data-label={columns.status}>
                {item.enabled ? (
                  <Badge tone="success">{t('points.item.on')}</Badge>
                ) : (
                  <Badge tone="neutral">{t('points.item.off')}</Badge>
                )}
              </td>
              <td data-label={columns.actions}>
                {canManage ? (
                  <Button size="sm" variant="secondary" onClick={() => setEditing(item)} data-action="point-item-edit">
                    {t('common.edit')}
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {editing && rules.data ? (
        <PointItemEditor
          code={code}
          rules={rules.data}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setToast({ id: Date.now(), text: t('points.item.saved', { name: saved.names[language] ?? '' }) });
          }}
        />
      ) : null}
      <Toast message={toast} onDismiss={dismissToast} />
    </div>
  );
};
