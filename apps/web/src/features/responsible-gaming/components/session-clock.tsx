import { useQuery } from '@tanstack/react-query';
import { RG_HEARTBEAT_MS } from '@tessera/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryIcon } from '../../../shared/ui/icons/icons';
import { rgSessionQueryKey, sendHeartbeat } from '../api/responsible-gaming';
import { RealityCheckDialog } from './reality-check-dialog';
import styles from './session-clock.module.css';
import { formatElapsed } from './session-time';

/**
 * The signed-in session's elapsed time in the header (issue 31, decision 0069), and its reality check when one
 * falls due. The page beats every minute, in the background too: the server counts the session's time (once
 * however many tabs beat) and answers what it counted; between beats the clock runs on from that answer. A beat
 * past a session-time limit is refused, which signs the member out with its notice (shared/api).
 */
export const SessionClock = () => {
  const { t } = useTranslation('responsible-gaming');
  const session = useQuery({
    queryKey: rgSessionQueryKey,
    queryFn: sendHeartbeat,
    refetchInterval: RG_HEARTBEAT_MS,
    refetchIntervalInBackground: true,
    staleTime: RG_HEARTBEAT_MS / 2,
    // Dropped when the header leaves (sign-out): the next session starts from its own first beat.
    gcTime: 0,
    retry: false,
  });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  if (!session.data) return null;
  const elapsed = session.data.elapsedSeconds + Math.max(0, (now - session.dataUpdatedAt) / 1000);
  const time = formatElapsed(elapsed);
  return (
    <>
      <span
        className={styles.clock}
        data-session-clock=""
        title={t('session_time', { time })}
        role="timer"
        aria-label={t('session_time', { time })}
      >
        <HistoryIcon aria-hidden="true" className={styles.icon} />
        <span className={styles.label} aria-hidden="true">
          {t('session_time_short')}
        </span>
        <span className={styles.time} aria-hidden="true">
          {time}
        </span>
      </span>
      {session.data.realityCheckDue ? <RealityCheckDialog session={session.data} elapsedSeconds={elapsed} /> : null}
    </>
  );
};
