import type { AdminMission } from '@tessera/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { DataTable } from '../../../shared/ui/data-table';
import table from '../../../shared/ui/data-table.module.css';
import { ListStates } from '../../../shared/ui/page-state';
import { Toast } from '../../../shared/ui/toast';
import { useMissions } from '../api/missions-api';
import { MissionEditor } from './mission-editor';
import styles from './missions.module.css';

/** A merchant's missions with what each asks, pays and scores, and its figures this period and in all; edited in a dialog. */
export const MissionsList = ({ code, canManage }: { code: string; canManage: boolean }) => {
  const { t } = useTranslation();
  const missions = useMissions(code);
  const [editing, setEditing] = useState<AdminMission | 'new' | null>(null);
  const [toast, setToast] = useState<{ id: number; text: string } | null>(null);
  const dismissToast = useCallback(() => setToast(null), []);
  const data = missions.data;
  const language = data?.defaultLanguage ?? 'EN';
  const currency = data?.currency ?? '';
  const columns = {
    name: t('missions.col.name'),
    goal: t('missions.col.goal'),
    reward: t('missions.col.reward', { currency }),
    score: t('missions.col.score'),
    current: t('missions.col.current'),
    total: t('missions.col.total'),
    status: t('missions.col.status'),
    actions: t('common.actions'),
  };
  const goalOf = (mission: AdminMission) =>
    t(`missions.goal.${mission.kind}`, {
      target:
        mission.kind === 'valid_bet' || mission.kind === 'deposit' ? `${mission.target} ${currency}` : mission.target,
      category: t(`missions.category.${mission.category}`),
    });
  return (
    <div className={styles.stack}>
      {canManage ? (
        <div className={styles.actions}>
          <span className={styles.note}>{t('missions.listHint')}</span>
          <Button variant="primary" onClick={() => setEditing('new')} disabled={!data} data-action="mission-add">
            {t('missions.add')}
          </Button>
        </div>
      ) : null}
      <ListStates query={{ ...missions, data: data?.list }} emptyMessage={t('missions.none')} />
      {data && data.list.length > 0 ? (
        <DataTable columns={Object.values(columns)} testId="missions">
          {data.list.map((mission) => (
            <tr key={mission.id} data-mission={mission.id}>
              <td data-label={columns.name}>
                <bdi>{mission.titles[language] ?? Object.values(mission.titles)[0] ?? ''}</bdi>
                <div className={table.muted}>{t(`missions.period.${mission.period}`)}</div>
              </td>
              <td data-label={columns.goal}>{goalOf(mission)}</td>
              <td data-label={columns.reward} className={table.nowrap}>
                {mission.reward}
              </td>
              <td data-label={columns.score}>{mission.score}</td>
              <td data-label={columns.current}>
                <div className={styles.figures} data-figures="current">
                  <span>{t('missions.figures.members', { count: mission.figures.current.members })}</span>
                  <span>{t('missions.figures.completed', { count: mission.figures.current.completed })}</span>
                  <span>{t('missions.figures.claimed', { count: mission.figures.current.claimed })}</span>
                </div>
              </td>
              <td data-label={columns.total}>
                <div className={styles.figures} data-figures="total">
                  <span>{t('missions.figures.members', { count: mission.figures.total.members })}</span>
                  <span>{t('missions.figures.completed', { count: mission.figures.total.completed })}</span>
                  <span>{t('missions.figures.claimed', { count: mission.figures.total.claimed })}</span>
                  <span>{t('missions.figures.cost', { amount: mission.figures.total.cost, currency })}</span>
                </div>
              </td>
              <td data-label={columns.status}>
                {mission.enabled ? (
                  <Badge tone="success">{t('missions.on')}</Badge>
                ) : (
                  <Badge tone="neutral">{t('missions.off')}</Badge>
                )}
              </td>
              <td data-label={columns.actions}>
                {canManage ? (
                  <Button size="sm" variant="secondary" onClick={() => setEditing(mission)} data-action="mission-edit">
                    {t('common.edit')}
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {editing && data ? (
        <MissionEditor
          code={code}
          currency={currency}
          defaultLanguage={data.defaultLanguage}
          languages={data.supportedLanguages}
          mission={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setToast({ id: Date.now(), text: t('missions.saved', { name: saved.titles[language] ?? '' }) });
          }}
        />
      ) : null}
      <Toast message={toast} onDismiss={dismissToast} />
    </div>
  );
};
