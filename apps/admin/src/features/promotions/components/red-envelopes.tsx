import type { AdminRedEnvelope, MerchantSettings } from '@tessera/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import table from '../../../shared/ui/data-table.module.css';
import { PagedTable } from '../../../shared/ui/paged-table';
import { Toast } from '../../../shared/ui/toast';
import { useRedEnvelopes } from '../api/red-envelopes-api';
import styles from './promotion-engine.module.css';
import { RedEnvelopeEditor } from './red-envelope-editor';
import { titleOf } from './title-of';

type EnvelopeState = 'off' | 'scheduled' | 'live' | 'empty' | 'ended';
const stateTone = { off: 'neutral', scheduled: 'info', live: 'success', empty: 'warning', ended: 'warning' } as const;

const stateOf = (envelope: AdminRedEnvelope, now: number): EnvelopeState => {
  if (!envelope.enabled) return 'off';
  if (now < Date.parse(envelope.startsAt)) return 'scheduled';
  if (now >= Date.parse(envelope.endsAt)) return 'ended';
  return envelope.figures.claimed >= envelope.shares ? 'empty' : 'live';
};

export interface RedEnvelopesProps {
  code: string;
  settings: MerchantSettings;
  canManage: boolean;
}

/**
 * The merchant's red envelopes with their state, window and figures (shares claimed, money paid); new and edit open
 * the editor in place.
 */
export const RedEnvelopes = ({ code, settings, canManage }: RedEnvelopesProps) => {
  const { t, i18n } = useTranslation();
  const envelopes = useRedEnvelopes(code);
  const [editing, setEditing] = useState<AdminRedEnvelope | 'new' | null>(null);
  const [toast, setToast] = useState<{ id: number; text: string } | null>(null);
  const dismissToast = useCallback(() => setToast(null), []);
  const language = i18n.language.toUpperCase();
  const now = Date.now();
  const formatDate = new Intl.DateTimeFormat(currentLocale(), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: settings.timeZone,
  });

  if (editing) {
    return (
      <RedEnvelopeEditor
        key={editing === 'new' ? 'new' : editing.id}
        code={code}
        settings={settings}
        envelope={editing === 'new' ? null : editing}
        onSaved={(saved) => {
          setEditing(null);
          setToast({
            id: Date.now(),
            text: t('redEnvelopes.saved', { title: titleOf(saved, language, settings.defaultLanguage) }),
          });
        }}
        onClose={() => setEditing(null)}
      />
    );
  }

  const columns = [
    t('promotions.column.title'),
    t('promotions.column.state'),
    t('promotions.column.schedule'),
    t('redEnvelopes.column.total', { currency: settings.currency }),
    t('redEnvelopes.column.claimed'),
    t('redEnvelopes.column.paid', { currency: settings.currency }),
    ...(canManage ? [t('common.actions')] : []),
  ];
  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <p className={styles.hint}>{canManage ? t('redEnvelopes.intro') : t('promotions.readOnly')}</p>
        {canManage ? (
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t('redEnvelopes.new')}
          </Button>
        ) : null}
      </div>
      <PagedTable<AdminRedEnvelope>
        query={{ ...envelopes, data: envelopes.data ? { list: envelopes.data.list, totalPages: 1 } : undefined }}
        emptyMessage={t('redEnvelopes.empty')}
        testId="red-envelope-list"
        columns={columns}
        pageNo={1}
        onPageChange={() => undefined}
        renderRow={(envelope) => {
          const state = stateOf(envelope, now);
          const title = titleOf(envelope, language, settings.defaultLanguage);
          return (
            <tr key={envelope.id} data-red-envelope={envelope.id} data-title={title}>
              <td data-label={columns[0]}>
                <span className={styles.strong}>{title}</span>
              </td>
              <td data-label={columns[1]}>
                <Badge tone={stateTone[state]}>{t(`redEnvelopes.state.${state}`)}</Badge>
              </td>
              <td data-label={columns[2]} className={table.nowrap}>
                {formatDate.format(Date.parse(envelope.startsAt))} – {formatDate.format(Date.parse(envelope.endsAt))}
              </td>
              <td data-label={columns[3]} className={styles.figure}>
                {envelope.totalAmount}
              </td>
              <td data-label={columns[4]} className={styles.figure} data-figure="claimed">
                {envelope.figures.claimed} / {envelope.shares}
              </td>
              <td data-label={columns[5]} className={styles.figure} data-figure="paid">
                {envelope.figures.paid}
              </td>
              {canManage ? (
                <td data-label={columns[6]}>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setEditing(envelope)}
                    aria-label={t('redEnvelopes.editOne', { title })}
                  >
                    {t('common.edit')}
                  </Button>
                </td>
              ) : null}
            </tr>
          );
        }}
      />
      <Toast message={toast} onDismiss={dismissToast} />
    </div>
  );
};
