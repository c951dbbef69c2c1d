import type { Mission, MissionBoardPeriod, MissionPeriod } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../../shared/api/api-error';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { usePublicStore } from '../../../shared/state/public-store';
import { Alert } from '../../../shared/ui/alert/alert';
import { Card } from '../../../shared/ui/card/card';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { FormError } from '../../../shared/ui/form/form-error';
import { TrophyIcon } from '../../../shared/ui/icons/icons';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { Tabs } from '../../../shared/ui/tabs/tabs';
import { useClaimMission, useMissionSummary } from '../api/missions-api';
import { MissionCard } from '../components/mission-card';
import { MissionLeaderboard } from '../components/mission-leaderboard';
import { boardPeriodKeys, groupKeys } from '../mission-labels';
import styles from './missions-page.module.css';

type TabId = 'missions' | 'leaderboard';
const periodOrder: readonly MissionPeriod[] = ['daily', 'weekly', 'once'];

/**
 * Personal centre "Missions" (missionLeaderboard, spec section 2): this period's daily, weekly and one-off missions
 * with their progress and claim buttons, earlier completed ones still to claim, and the mission leaderboard of the
 * day or week with the member's own rank.
 */
export const MissionsPage = () => {
  const { t } = useTranslation('missions');
  const formatMoney = useFormatMoney();
  const isTrial = usePublicStore((state) => state.isTrial);
  const [tab, setTab] = useState<TabId>('missions');
  const [boardPeriod, setBoardPeriod] = useState<MissionBoardPeriod>('daily');
  const summary = useMissionSummary({ enabled: true, watched: true });
  const claim = useClaimMission();
  const [paid, setPaid] = useState<{ reward: string; currency: string } | null>(null);
  const handleClaim = (mission: Mission) => {
    setPaid(null);
    claim.mutate({ missionId: mission.id, periodKey: mission.periodKey }, { onSuccess: setPaid });
  };
  const missions = summary.data?.missions ?? [];
  // A completed row whose period has ended sits with the earlier ones still to be claimed.
  const isCurrent = (mission: Mission) =>
    mission.status !== 'completed' || mission.endsAt === null || Date.parse(mission.endsAt) > Date.now();
  const earlier = missions.filter((mission) => !isCurrent(mission));
  const groups = periodOrder
    .map((period) => ({ period, list: missions.filter((mission) => mission.period === period && isCurrent(mission)) }))
    .filter((group) => group.list.length > 0);
  const card = (mission: Mission) => (
    <MissionCard
      key={`${mission.id}|${mission.periodKey}`}
      mission={mission}
      currency={summary.data?.currency ?? ''}
      canClaim={!isTrial && !claim.isPending}
      onClaim={() => handleClaim(mission)}
    />
  );
  return (
    <div className={styles.page} data-page="missions">
      <Tabs
        idPrefix="missions"
        label={t('missions_title')}
        items={[
          { id: 'missions', label: t('tab_missions') },
          { id: 'leaderboard', label: t('tab_leaderboard') },
        ]}
        activeId={tab}
        onSelect={setTab}
      />
      <div id="missions-panel" role="tabpanel" aria-labelledby={`missions-tab-${tab}`} className={styles.panel}>
        {tab === 'missions' ? (
          <>
            {paid ? (
              <Alert tone="success" name="mission-claimed">
                {t('claimed_note', { amount: formatMoney(paid.reward, paid.currency) })}
              </Alert>
            ) : null}
            {claim.isError ? <FormError code={errorKeyOf(claim.error)} /> : null}
            {isTrial ? <Alert tone="info">{t('trial_note')}</Alert> : null}
            {summary.isPending ? <InlineLoader /> : null}
            {summary.isError ? <FormError code={errorKeyOf(summary.error)} /> : null}
            {summary.data && missions.length === 0 ? (
              <Card>
                <EmptyState message={t('missions_none')} icon={<TrophyIcon />} />
              </Card>
            ) : null}
            {earlier.length > 0 ? (
              <Card title={t('group_earlier', { number: earlier.length })} name="missions-earlier">
                <ul className={styles.list}>{earlier.map(card)}</ul>
              </Card>
            ) : null}
            {groups.map((group) => (
              <Card key={group.period} title={t(groupKeys[group.period])} name={`missions-${group.period}`}>
                <ul className={styles.list}>{group.list.map(card)}</ul>
              </Card>
            ))}
          </>
        ) : (
          <>
            <fieldset className={styles.periods}>
              <legend className={styles.legend}>{t('board_period')}</legend>
              {(['daily', 'weekly'] as const).map((period) => (
                <button
                  key={period}
                  type="button"
                  className={styles.period}
                  aria-pressed={boardPeriod === period}
                  onClick={() => setBoardPeriod(period)}
                >
                  {t(boardPeriodKeys[period])}
                </button>
              ))}
            </fieldset>
            <MissionLeaderboard period={boardPeriod} />
          </>
        )}
      </div>
    </div>
  );
};
