import type { MissionBoardPeriod } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../../shared/api/api-error';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { Card } from '../../../shared/ui/card/card';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { FormError } from '../../../shared/ui/form/form-error';
import { TrophyIcon } from '../../../shared/ui/icons/icons';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { useMissionLeaderboard } from '../api/missions-api';
import { boardSwitchKeys } from '../mission-labels';
import styles from './mission-leaderboard.module.css';

/** The mission leaderboard of the current or the previous day or week: the member's own rank, then the top. */
export const MissionLeaderboard = ({ period }: { period: MissionBoardPeriod }) => {
  const { t } = useTranslation('missions');
  const formatDateTime = useFormatDateTime();
  const [offset, setOffset] = useState(0);
  const board = useMissionLeaderboard(period, offset);
  const data = board.data;
  return (
    <>
      <Card
        title={t('my_rank_title')}
        name="mission-my-rank"
        actions={
          <button type="button" className={styles.switch} onClick={() => setOffset(offset === 0 ? 1 : 0)}>
            {t(boardSwitchKeys[period][offset === 0 ? 1 : 0])}
          </button>
        }
      >
        {board.isPending ? <InlineLoader /> : null}
        {board.isError ? <FormError code={errorKeyOf(board.error)} /> : null}
        {data ? (
          <div className={styles.me}>
            <div className={styles.rank} data-my-rank={data.me.rank ?? ''}>
              <span className={styles.rankLabel}>{t('my_rank')}</span>
              <strong className={styles.rankValue}>{data.me.rank === null ? '—' : `#${data.me.rank}`}</strong>
            </div>
            <dl className={styles.facts}>
              <div>
                <dt>{t('my_score')}</dt>
                <dd data-my-score={data.me.score}>{data.me.score}</dd>
              </div>
              <div>
                <dt>{t('board_members')}</dt>
                <dd>{data.members}</dd>
              </div>
              <div className={styles.window}>
                <dt>{t('board_window')}</dt>
                <dd>
                  {formatDateTime(data.startsAt)} – {formatDateTime(data.endsAt)}
                </dd>
              </div>
            </dl>
            {data.me.rank === null ? <p className={styles.hint}>{t('my_rank_none')}</p> : null}
          </div>
        ) : null}
      </Card>
      <Card title={t('board_top', { number: data?.top.length ?? 0 })} name="mission-board" isPadded={false}>
        {data && data.top.length === 0 ? <EmptyState message={t('board_empty')} icon={<TrophyIcon />} /> : null}
        {data && data.top.length > 0 ? (
          <ol className={styles.board}>
            {data.top.map((entry) => (
              <li
                key={`${entry.rank}-${entry.name}-${entry.isMe}`}
                className={entry.isMe ? `${styles.row} ${styles.mine}` : styles.row}
                data-board-rank={entry.rank}
                data-board-me={entry.isMe ? 'true' : undefined}
              >
                <span className={styles.position}>{entry.rank}</span>
                <bdi className={styles.name}>{entry.isMe ? t('board_you', { name: entry.name }) : entry.name}</bdi>
                <span className={styles.points}>{t('board_points', { points: entry.score })}</span>
              </li>
            ))}
          </ol>
        ) : null}
      </Card>
    </>
  );
};
