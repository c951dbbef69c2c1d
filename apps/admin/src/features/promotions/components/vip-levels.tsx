import type { AdminVipLevel, AdminVipLevels } from '@tessera/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../shared/api/api-error';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import table from '../../../shared/ui/data-table.module.css';
import { PlusIcon } from '../../../shared/ui/icons';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { Panel } from '../../../shared/ui/panel';
import { Toast } from '../../../shared/ui/toast';
import { useRemoveVipLevel } from '../api/change-vip-level';
import { useVipLevels } from '../api/get-vip-levels';
import styles from './promotions.module.css';
import { VipLevelDialog } from './vip-level-dialog';

export interface VipLevelsProps {
  code: string;
  canManage: boolean;
}

/** The merchant's VIP levels, loaded, then listed with their editor. */
export const VipLevels = ({ code, canManage }: VipLevelsProps) => {
  const levels = useVipLevels(code);
  if (levels.isPending) return <LoadingState />;
  if (levels.isError) return <ErrorState error={levels.error} onRetry={() => void levels.refetch()} />;
  return <VipLevelsTable key={code} code={code} data={levels.data} canManage={canManage} />;
};

const VipLevelsTable = ({ code, data, canManage }: { code: string; data: AdminVipLevels; canManage: boolean }) => {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<AdminVipLevel | 'new' | null>(null);
  const [removing, setRemoving] = useState<AdminVipLevel | null>(null);
  const [toast, setToast] = useState<{ id: number; text: string } | null>(null);
  const remove = useRemoveVipLevel(code);
  const dismissToast = useCallback(() => setToast(null), []);
  const { currency, defaultLanguage } = data;
  const top = data.levels.at(-1);
  const nameOf = (level: AdminVipLevel) => level.names[defaultLanguage] ?? Object.values(level.names)[0] ?? '';

  const handleSaved = (rankLevel: number) => {
    setEditing(null);
    setToast({ id: Date.now(), text: t('vip.saved', { level: rankLevel }) });
  };
  const handleRemove = () => {
    if (!removing) return;
    const { rankLevel } = removing;
    remove.mutate(rankLevel, {
      onSuccess: () => {
        setRemoving(null);
        setToast({ id: Date.now(), text: t('vip.removed', { level: rankLevel }) });
      },
    });
  };

  return (
    <Panel
      title={t('vip.levelsTitle')}
      description={t('vip.intro', { currency })}
      actions={
        canManage ? (
          <Button variant="primary" icon={<PlusIcon />} onClick={() => setEditing('new')}>
            {t('vip.add')}
          </Button>
        ) : null
      }
    >
      <div className={styles.stack} data-testid="vip-levels">
        {remove.isError ? <Alert tone="danger">{t(`errors.${errorCodeOf(remove.error)}`)}</Alert> : null}
        {data.levels.length === 0 ? (
          <EmptyState message={t('vip.empty')} />
        ) : (
          <div className={table.wrap}>
            <table className={table.table}>
              <thead>
                <tr>
                  <th scope="col">{t('vip.rank')}</th>
                  <th scope="col">{t('vip.name')}</th>
                  <th scope="col">{t('vip.depositRequirement', { currency })}</th>
                  <th scope="col">{t('vip.validBetRequirement', { currency })}</th>
                  <th scope="col">{t('vip.upgradeBonus', { currency })}</th>
                  <th scope="col">{t('vip.benefits')}</th>
                  {canManage ? (
                    <th scope="col" className={table.actions}>
                      {t('common.actions')}
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {data.levels.map((level) => (
                  <tr key={level.rankLevel} data-vip-level={level.rankLevel}>
                    <td data-label={t('vip.rank')}>{level.rankLevel}</td>
                    <td data-label={t('vip.name')} className={styles.strong}>
                      {nameOf(level)}
                    </td>
                    <td data-label={t('vip.depositRequirement', { currency })} className={styles.number}>
                      {level.depositRequirement}
                    </td>
                    <td data-label={t('vip.validBetRequirement', { currency })} className={styles.number}>
                      {level.validBetRequirement}
                    </td>
                    <td data-label={t('vip.upgradeBonus', { currency })} className={styles.number}>
                      {level.upgradeBonus}
                    </td>
                    <td data-label={t('vip.benefits')} className={table.muted}>
                      {(level.benefits[defaultLanguage] ?? []).join(' · ') || '—'}
                    </td>
                    {canManage ? (
                      <td className={table.actions}>
                        <div className={styles.rowActions}>
                          <Button
                            size="sm"
                            aria-label={t('vip.editLevel', { level: level.rankLevel })}
                            onClick={() => setEditing(level)}
                          >
                            {t('common.edit')}
                          </Button>
                          {level === top ? (
                            <Button
                              size="sm"
                              variant="danger"
                              aria-label={t('vip.removeLevel', { level: level.rankLevel })}
                              onClick={() => setRemoving(level)}
                            >
                              {t('vip.remove')}
                            </Button>
                          ) : null}
                        </div>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className={styles.note}>{canManage ? t('vip.onlyTop') : t('vip.readOnly')}</p>
      </div>
      <VipLevelDialog
        code={code}
        data={data}
        editing={editing}
        onSaved={handleSaved}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        isOpen={removing !== null}
        title={t('vip.removeTitle', { level: removing?.rankLevel ?? 0 })}
        confirmLabel={t('vip.remove')}
        tone="danger"
        isBusy={remove.isPending}
        onConfirm={handleRemove}
        onCancel={() => setRemoving(null)}
      >
        {t('vip.removeConfirm', { level: removing?.rankLevel ?? 0, name: removing ? nameOf(removing) : '' })}
      </ConfirmDialog>
      <Toast message={toast} onDismiss={dismissToast} />
    </Panel>
  );
};
