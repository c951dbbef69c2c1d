import type { AdminPromotion, MerchantSettings } from '@tessera/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import table from '../../../shared/ui/data-table.module.css';
import { PagedTable } from '../../../shared/ui/paged-table';
import { Toast } from '../../../shared/ui/toast';
import { usePromotions } from '../api/promotions-api';
import { PromotionEditor } from './promotion-editor';
import styles from './promotion-engine.module.css';
import { PromotionGrantDialog } from './promotion-grant-dialog';
import { titleOf } from './title-of';

type PromotionState = 'off' | 'scheduled' | 'live' | 'ended';
const stateTone = { off: 'neutral', scheduled: 'info', live: 'success', ended: 'warning' } as const;

const stateOf = (promotion: AdminPromotion, now: number): PromotionState => {
  if (!promotion.enabled) return 'off';
  if (now < Date.parse(promotion.startsAt)) return 'scheduled';
  if (now >= Date.parse(promotion.endsAt)) return 'ended';
  return 'live';
};

/** The title in the back office's language when the promotion has it, else the merchant's default, else any. */
export interface PromotionEngineProps {
  code: string;
  settings: MerchantSettings;
  canManage: boolean;
  canGrant: boolean;
  canReadVip: boolean;
}

/**
 * The merchant's promotions of the engine with their state, schedule and figures (members who joined or applied,
 * bonuses issued and their cost); new and edit open the editor in place, grant opens the manual grant.
 */
export const PromotionEngine = ({ code, settings, canManage, canGrant, canReadVip }: PromotionEngineProps) => {
  const { t, i18n } = useTranslation();
  const promotions = usePromotions(code);
  const [editing, setEditing] = useState<AdminPromotion | 'new' | null>(null);
  const [granting, setGranting] = useState<AdminPromotion | null>(null);
  const [toast, setToast] = useState<{ id: number; text: string } | null>(null);
  const dismissToast = useCallback(() => setToast(null), []);
  const say = (text: string) => setToast({ id: Date.now(), text });
  const language = i18n.language.toUpperCase();
  const now = Date.now();
  const formatDate = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeZone: settings.timeZone });

  if (editing) {
    return (
      <PromotionEditor
        key={editing === 'new' ? 'new' : editing.id}
        code={code}
        settings={settings}
        promotion={editing === 'new' ? null : editing}
        canReadVip={canReadVip}
        onSaved={(saved) => {
          setEditing(null);
          say(t('promotions.saved', { title: titleOf(saved, language, settings.defaultLanguage) }));
        }}
        onClose={() => setEditing(null)}
      />
    );
  }

  const columns = [
    t('promotions.column.title'),
    t('promotions.column.kind'),
    t('promotions.column.state'),
    t('promotions.column.schedule'),
    t('promotions.column.joined'),
    t('promotions.column.issued'),
    t('promotions.column.cost', { currency: settings.currency }),
    ...(canManage || canGrant ? [t('common.actions')] : []),
  ];
  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <p className={styles.hint}>{canManage ? t('promotions.intro') : t('promotions.readOnly')}</p>
        {canManage ? (
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t('promotions.new')}
          </Button>
        ) : null}
      </div>
      <PagedTable<AdminPromotion>
        query={{
          ...promotions,
          data: promotions.data ? { list: promotions.data.list, totalPages: 1 } : undefined,
        }}
        emptyMessage={t('promotions.empty')}
        testId="promotion-list"
        columns={columns}
        pageNo={1}
        onPageChange={() => undefined}
        renderRow={(promotion) => {
          const state = stateOf(promotion, now);
          const title = titleOf(promotion, language, settings.defaultLanguage);
          return (
            <tr key={promotion.id} data-promotion={promotion.id} data-title={title}>
              <td data-label={columns[0]}>
                <span className={styles.strong}>{title}</span>
                <span className={styles.subline}>{t(`promotions.categoryOption.${promotion.category}`)}</span>
              </td>
              <td data-label={columns[1]}>{t(`promotions.kindOption.${promotion.kind}`)}</td>
              <td data-label={columns[2]}>
                <Badge tone={stateTone[state]}>{t(`promotions.state.${state}`)}</Badge>
              </td>
              <td data-label={columns[3]} className={table.nowrap}>
                {formatDate.format(Date.parse(promotion.startsAt))} – {formatDate.format(Date.parse(promotion.endsAt))}
              </td>
              <td data-label={columns[4]} className={styles.figure} data-figure="joined">
                {promotion.figures.joined}
              </td>
              <td data-label={columns[5]} className={styles.figure} data-figure="issued">
                {promotion.figures.issued}
              </td>
              <td data-label={columns[6]} className={styles.figure} data-figure="cost">
                {promotion.figures.cost}
              </td>
              {canManage || canGrant ? (
                <td data-label={columns[7]}>
                  <div className={styles.rowActions}>
                    {canManage ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => setEditing(promotion)}
                        aria-label={t('promotions.editOne', { title })}
                      >
                        {t('common.edit')}
                      </Button>
                    ) : null}
                    {canGrant ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => setGranting(promotion)}
                        aria-label={t('promotions.grant.open', { title })}
                      >
                        {t('promotions.grant.button')}
                      </Button>
                    ) : null}
                  </div>
                </td>
              ) : null}
            </tr>
          );
        }}
      />
      {granting ? (
        <PromotionGrantDialog
          code={code}
          settings={settings}
          promotion={granting}
          title={titleOf(granting, language, settings.defaultLanguage)}
          onGranted={(bonus) => {
            setGranting(null);
            say(t('promotions.grant.done', { amount: bonus.amount, currency: bonus.currency }));
          }}
          onClose={() => setGranting(null)}
        />
      ) : null}
      <Toast message={toast} onDismiss={dismissToast} />
    </div>
  );
};
