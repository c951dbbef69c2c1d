import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { DeadLetters } from '../../features/events/components/dead-letters';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { PageHeader } from '../../shared/ui/page-header';
import { useCurrentOperator } from '../layouts/operator-outlet-context';
import { MerchantIndexPage } from './merchant-index-page';

const eventsPathOf = (code: string) => `/merchants/${encodeURIComponent(code)}/events`;

/** /events: a merchant's failed event deliveries, or a merchant to pick first. */
export const EventsIndexPage = () => {
  const { t } = useTranslation();
  return (
    <MerchantIndexPage
      permission="events.read"
      title={t('events.title')}
      description={t('events.pickMerchant')}
      pathOf={eventsPathOf}
    />
  );
};

/** /merchants/:code/events: the dead letters (owner and risk read; the owner sends one again). */
export const EventsPage = () => {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const operator = useCurrentOperator();
  if (!canOperator(operator.role, 'events.read')) return <Navigate to="/merchants" replace />;
  return (
    <>
      <PageHeader
        title={t('events.title')}
        description={t('events.description', { code })}
        breadcrumb={<Link to="/events">{t('events.title')}</Link>}
      />
      <DeadLetters code={code} canRetry={canOperator(operator.role, 'events.retry')} />
    </>
  );
};
