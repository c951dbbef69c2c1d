import { systemStatusOf } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../../shared/api/api-error';
import { Badge } from '../../../../shared/ui/badge';
import { Button } from '../../../../shared/ui/button';
import { useSiteStatus } from '../../api/get-site-status';
import styles from './live-status-card.module.css';

export interface LiveStatusCardProps {
  code: string;
}

/** What the member site answers this browser right now: the effect of the saved settings, at once. */
export const LiveStatusCard = ({ code }: LiveStatusCardProps) => {
  const { t } = useTranslation();
  const status = useSiteStatus(code);
  const state = status.data ? systemStatusOf(status.data) : null;
  return (
    <div className={styles.card} data-testid="live-status" data-state={state ?? 'unknown'}>
      <div className={styles.text}>
        <h3 className={styles.title}>{t('settings.live.title')}</h3>
        {status.isError ? (
          <p className={styles.line}>
            {t(`errors.${errorCodeOf(status.error)}`, { defaultValue: t('errors.unknown_error') })}
          </p>
        ) : status.data ? (
          <>
            <p className={styles.line}>
              {status.data.maintenance ? <Badge tone="warning">{t('settings.live.maintenance')}</Badge> : null}
              {status.data.regionRestriction ? <Badge tone="danger">{t('settings.live.restricted')}</Badge> : null}
              {state === 0 ? <Badge tone="success">{t('settings.live.open')}</Badge> : null}
            </p>
            <p className={styles.meta}>
              {t('settings.live.seenFrom', {
                ip: status.data.location.ip,
                country: status.data.location.country ?? t('settings.live.unknownCountry'),
              })}
            </p>
          </>
        ) : (
          <p className={styles.meta}>{t('common.loading')}</p>
        )}
      </div>
      <Button size="sm" onClick={() => void status.refetch()} isBusy={status.isFetching}>
        {t('common.refresh')}
      </Button>
    </div>
  );
};
